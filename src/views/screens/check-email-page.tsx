import { useSelector } from '@xstate/react';
import { VERIFICATION_EMAIL_FORM, verificationEmailForm } from '@/machines/account/account.forms';
import { checkEmailScreen } from '@/machines/check-email/check-email.actors';
import { checkEmailIntents } from '@/machines/check-email/check-email.intents';
import { selectIsChecking, selectNotConfirmedYet } from '@/machines/check-email/check-email.selectors';
import { Page } from '@/views/components/page';
import { useForm } from '@/views/components/form/use-form';
import { useAuth } from '@/views/hooks/use-auth';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import * as styles from '@/views/billing/billing.css';
import { button } from '@/views/layout/button.css';
import { useSignedInUser } from '@/views/profile/about-you-card';
import { errorText, muted } from '@/views/components/text.css';
import { actions } from '@/views/components/page.css';

/**
 * Where a new account waits until its address is proven: the link e-mailed at sign-up, sent
 * again on request; the page carries on by itself once the link is followed anywhere.
 */
export function CheckEmailPage() {
  const user = useSignedInUser();
  const screen = useScreenActor(checkEmailScreen);
  const { check } = useIntents(screen, checkEmailIntents);
  const checking = useSelector(screen, selectIsChecking);
  const notYet = useSelector(screen, selectNotConfirmedYet);
  const resend = useScreenActor(verificationEmailForm, { input: VERIFICATION_EMAIL_FORM });
  const { onSubmit, submitting } = useForm(resend);
  const { logout } = useAuth();

  return (
    <Page title="Check your e-mail">
      <p>
        We sent a link to <strong>{user?.email ?? 'your address'}</strong>. Open it to confirm your address: this page carries on by itself once you
        have.
      </p>
      <p className={muted}>The link works for 7 days. Nothing there? Look in your spam folder, or send it again.</p>
      <form className={actions} onSubmit={onSubmit}>
        <button className={button()} type="button" onClick={check} disabled={checking}>
          {checking ? 'Checking…' : "I've confirmed it"}
        </button>
        <button className={button({ tone: 'secondary' })} type="submit" disabled={submitting}>
          {submitting ? 'Sending…' : 'Send the e-mail again'}
        </button>
      </form>
      <p role="status" className={notYet ? errorText : undefined}>
        {notYet ? 'We have not seen the confirmation yet. Open the link in the e-mail, then try again.' : ''}
      </p>
      <p className={styles.signOut}>
        Not your address?{' '}
        <button type="button" className={styles.linkButton} onClick={logout}>
          Sign out
        </button>{' '}
        and sign up with the right one.
      </p>
    </Page>
  );
}

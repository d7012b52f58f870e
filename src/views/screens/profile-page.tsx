import { SIGN_OUT_EVERYWHERE_FORM, signOutEverywhereForm } from '@/machines/auth/auth.forms';
import { useForm } from '@/views/components/form/use-form';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { BaseCard } from '@/views/layout/base-card';
import { button } from '@/views/layout/button.css';
import { PageLayout } from '@/views/layout/page-layout';

/** The educator's own account. Who they are and what they like come with the profile form. */
export function ProfilePage() {
  return (
    <PageLayout title="Profile">
      <SignOutEverywhere />
    </PageLayout>
  );
}

/** Ends every session of the account: a lost laptop, a shared computer, a password someone saw. */
function SignOutEverywhere() {
  const form = useScreenActor(signOutEverywhereForm, { input: SIGN_OUT_EVERYWHERE_FORM });
  const { onSubmit, submitting } = useForm(form);
  return (
    <BaseCard title="Where you are signed in">
      <form className="stack" onSubmit={onSubmit} aria-describedby="sign-out-everywhere-text">
        <p id="sign-out-everywhere-text">
          Signed in on a shared or lost device? Signing out everywhere ends every session of your account, on every browser and device,
          this one included. You will sign in again with your password.
        </p>
        <button className={button({ tone: 'secondary' })} type="submit" disabled={submitting}>
          {submitting ? 'Signing out everywhere…' : 'Sign out everywhere'}
        </button>
      </form>
    </BaseCard>
  );
}

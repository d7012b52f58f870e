import { useSearchParams } from 'react-router';
import { Link } from '@/views/components/link';
import { useSelector } from '@xstate/react';
import { emailVerificationScreen } from '@/machines/email-verification/email-verification.actors';
import { emailVerificationIntents } from '@/machines/email-verification/email-verification.intents';
import {
  selectVerificationMessage,
  selectVerificationRetryable,
  selectVerificationFailed,
  selectVerifiedEmail,
  selectIsVerified,
} from '@/machines/email-verification/email-verification.selectors';
import { useIntents } from '@/views/hooks/use-intents';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { Page } from '@/views/components/page';
import { button } from '@/views/layout/button.css';
import { errorText } from '@/views/components/text.css';
import { actions } from '@/views/components/page.css';

export function EmailVerificationPage() {
  const [params] = useSearchParams();
  const token = params.get('verification-token') ?? '';
  return <Verification key={token} token={token} />;
}

function Verification({ token }: { token: string }) {
  const verification = useScreenActor(emailVerificationScreen, { input: { token } });
  const { retry } = useIntents(verification, emailVerificationIntents);
  const verified = useSelector(verification, selectIsVerified);
  const failed = useSelector(verification, selectVerificationFailed);
  const email = useSelector(verification, selectVerifiedEmail);
  const message = useSelector(verification, selectVerificationMessage);
  const retryable = useSelector(verification, selectVerificationRetryable);

  if (failed) {
    return (
      <Page title="We could not confirm your e-mail">
        <p className={errorText} role="alert">
          {message}
        </p>
        <div className={actions}>
          {retryable && (
            <button className={button()} type="button" onClick={retry}>
              Try again
            </button>
          )}
          <Link to="/">Go Home</Link>
        </div>
      </Page>
    );
  }
  if (!verified) {
    return (
      <Page title="Confirming your e-mail">
        <p role="status">Checking your link…</p>
      </Page>
    );
  }
  return (
    <Page title="Your e-mail is confirmed">
      <p role="status">Thank you{email ? `: ${email} is confirmed` : ''}.</p>
      <Link className={button()} to="/">
        Continue
      </Link>
    </Page>
  );
}

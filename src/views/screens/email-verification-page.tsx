import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSelector } from '@xstate/react';
import { selectEmailVerificationRef } from '@/machines/root/root.selectors';
import { useRoot } from '@/views/root-context';
import { Page } from '@/views/components/page';
import { button } from '@/views/layout/button.css';

export function EmailVerificationPage() {
  const { root } = useRoot();
  const [params] = useSearchParams();
  const token = params.get('verification-token') ?? '';
  const verification = useSelector(root, selectEmailVerificationRef);
  const state = useSelector(verification ?? root, (s) =>
    verification ? { value: String(s.value), email: (s.context as { email: string | null }).email, error: (s.context as { error: unknown }).error } : null,
  );

  useEffect(() => {
    root.send({ type: 'screen.open', screen: 'emailVerification', token });
    return () => root.send({ type: 'screen.close', screen: 'emailVerification' });
  }, [root, token]);

  if (!state || state.value === 'verifying') {
    return (
      <Page title="Confirming your e-mail">
        <p role="status">Checking your link…</p>
      </Page>
    );
  }
  if (state.value === 'failed') {
    const message = state.error instanceof Error ? state.error.message : 'Something went wrong, please try again later';
    return (
      <Page title="We could not confirm your e-mail">
        <p className="error" role="alert">
          {message}
        </p>
        <div className="actions">
          <button className={button()} type="button" onClick={() => verification?.send({ type: 'emailVerification.retry' })}>
            Try again
          </button>
          <Link to="/">Go Home</Link>
        </div>
      </Page>
    );
  }
  return (
    <Page title="Your e-mail is confirmed">
      <p role="status">Thank you{state.email ? `: ${state.email} is confirmed` : ''}.</p>
      <Link className={button()} to="/">
        Continue
      </Link>
    </Page>
  );
}

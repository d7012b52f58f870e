import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { selectAuthError } from '@/machines/auth/auth.selectors';
import { selectCallbackRef } from '@/machines/root/root.selectors';
import { useRoot } from '@/views/root-context';
import { LoadingScreen } from '@/views/components/loading-screen';
import { pageCardClass, pageFrameClass, pageTitleClass } from '@/views/components/page';

/**
 * The provider's return point. The auth actor handles the answer and leaves on success; when
 * it could not sign in, this page says so and the callback actor logs out after 7 seconds.
 */
export function CallbackPage() {
  const { root, auth } = useRoot();
  const callback = useSelector(root, selectCallbackRef);
  const failed = useSelector(auth, (s) => selectAuthError(s) !== null || s.matches('unauthenticated'));
  const step = useSelector(callback ?? root, (s) => (callback ? String(s.value) : 'waiting'));

  useEffect(() => {
    root.send({ type: 'screen.open', screen: 'callback' });
    return () => root.send({ type: 'screen.close', screen: 'callback' });
  }, [root]);
  useEffect(() => {
    if (failed) callback?.send({ type: 'callback.failed' });
  }, [failed, callback]);

  if (step === 'waiting') return <LoadingScreen label="Signing you in" />;
  return (
    <div className={pageFrameClass}>
      <main className={pageCardClass} role="alert">
        <h1 className={pageTitleClass}>Something went wrong.</h1>
        {(step === 'redirecting' || step === 'loggingOut') && <p>Redirecting to login...</p>}
      </main>
    </div>
  );
}

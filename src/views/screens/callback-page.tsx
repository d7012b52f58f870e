import { useSelector } from '@xstate/react';
import { callbackScreen } from '@/machines/callback/callback.actors';
import { selectIsRedirecting, selectIsWaiting } from '@/machines/callback/callback.selectors';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { LoadingScreen } from '@/views/components/loading-screen';
import { pageCardClass, pageFrameClass, pageTitleClass } from '@/views/components/page';

/**
 * The provider's return point. The auth actor handles the answer and leaves on success; when
 * it could not sign in, this page says so and logs out after 7 seconds (spec §2).
 */
export function CallbackPage() {
  const callback = useScreenActor(callbackScreen);
  const waiting = useSelector(callback, selectIsWaiting);
  const redirecting = useSelector(callback, selectIsRedirecting);

  if (waiting) return <LoadingScreen label="Signing you in" />;
  return (
    <div className={pageFrameClass}>
      <main className={pageCardClass} role="alert">
        <h1 className={pageTitleClass}>Something went wrong.</h1>
        {redirecting && <p>Redirecting to login...</p>}
      </main>
    </div>
  );
}

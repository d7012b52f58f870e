import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '@/views/hooks/use-auth';
import { LoadingScreen } from '@/views/components/loading-screen';

/** An invitation link: straight to the provider's sign-up with the invited address. */
export function InvitePage() {
  const [params] = useSearchParams();
  const { signUp } = useAuth();
  const email = params.get('email') ?? undefined;
  const ticket = params.get('ticket') ?? undefined;
  // Once per visit (StrictMode mounts twice): the redirect leaves the app.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signUp(email, ticket);
  }, [signUp, email, ticket]);
  return <LoadingScreen label="Taking you to sign-up" />;
}

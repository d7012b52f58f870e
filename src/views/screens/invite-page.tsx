import { useSearchParams } from 'react-router';
import { inviteScreen } from '@/machines/invite/invite.actors';
import { useScreenActor } from '@/views/hooks/use-screen-actor';
import { LoadingScreen } from '@/views/components/loading-screen';

/** An invitation link: straight to the provider's sign-up with the invited address. */
export function InvitePage() {
  const [params] = useSearchParams();
  useScreenActor(inviteScreen, { input: { email: params.get('email') ?? undefined, ticket: params.get('ticket') ?? undefined } });
  return <LoadingScreen label="Taking you to sign-up" />;
}

import { accessRefusal } from '../auth/enforce.ts';
import { callerRefusal, POLICY } from '../auth/policy.ts';
import type { UserRow } from '../auth/principal.ts';
import type { OperationId } from '../contract.ts';
import { describeError } from '../plugins/validation.ts';
import { currentUserOf } from './identity.ts';
import { profileOf } from './profile.ts';
import { defineRoutes, principalOf, type Req } from './types.ts';

/** An operation's answer inside the start-up response: its status, and its body or its error. */
type Part<T> = { status: number; data?: T; error?: { code: string; message: string } };

/**
 * GET /identity/start: the user with what the three other start-up requests of every signed-in
 * page would answer (the profile, the subscriptions with their cards, the progress), so the app
 * starts with one round trip instead of two (docs/decisions.md "Start-up chain"). Each part is
 * decided as its own operation would be: that operation's row of the policy (role, paid access)
 * and the same code as its handler, its refusal or failure described as the error handler would
 * answer it. The start-up itself is allowed to everyone signed in, as GET /identity/me is.
 */
export default defineRoutes('start-up', ({ repos, billing }) => {
  async function part<T>(operationId: OperationId, user: UserRow, request: Req<'getStartUp'>, answer: () => Promise<T>): Promise<Part<T>> {
    try {
      const policy = POLICY[operationId];
      if ('roles' in policy) {
        const refusal = callerRefusal(policy, user) ?? (policy.access ? await accessRefusal(user, repos.billing) : null);
        if (refusal) throw refusal;
        if (policy.tenancy) throw new Error(`${operationId} acts on an organization: it cannot be a part of the start-up`);
      }
      return { status: 200, data: await answer() };
    } catch (error) {
      const { status, code, message } = describeError(error as Parameters<typeof describeError>[0]);
      if (status >= 500) request.log.error({ err: error, operationId }, 'start-up part failed');
      return { status, error: { code, message } };
    }
  }

  return {
    async getStartUp(request) {
      const { user } = principalOf(request);
      const [me, profile, subscriptions, progress] = await Promise.all([
        currentUserOf(repos, user),
        part('getProfile', user, request, () => profileOf(repos.profiles, user)),
        part('listSubscriptions', user, request, async () => ({ data: await billing.subscriptions(user, true) })),
        part('getProgress', user, request, async () => ({ catalogItemsProgress: await repos.progress.of(user.id) })),
      ]);
      return { user: me, profile, subscriptions, progress };
    },
  };
});

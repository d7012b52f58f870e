import { and, assign, fromCallback, not, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import type { SurveyPerson } from '@/machines/integrations/adapters';
import type { IntegrationsContext, IntegrationsEvent, SessionFacts } from '@/machines/integrations/integrations.types';
import type { IdentityMachine } from '@/machines/identity/identity.machine';
import type { ProfileMachine } from '@/machines/profile/profile.machine';
import { placeholderAction } from '@/machines/shared/placeholders';

// Spec §1: the survey tool is told who the user is once their profile has completed the
// onboarding (once per user); the analytics tool is identified by user id while a user is
// present and reset when they leave. This actor watches the app-wide identity and profile
// actors and decides; the adapters (src/machines/integrations/adapters.ts) are supplied at the
// edge.

/** Reports identity and profile as they change; the machine ignores what changes nothing. */
const observeSession = fromCallback<IntegrationsEvent>(({ system, sendBack }) => {
  const identity = system.get('identity') as ActorRefFrom<IdentityMachine> | undefined;
  const profile = system.get('profile') as ActorRefFrom<ProfileMachine> | undefined;
  if (!identity) return;
  const report = () => {
    const { user, isInitialized } = identity.getSnapshot().context;
    sendBack({
      type: 'integrations.session',
      user,
      isKnown: isInitialized,
      profile: profile?.getSnapshot().context.data ?? null,
    });
  };
  const refs: AnyActorRef[] = profile ? [identity, profile] : [identity];
  const subscriptions = refs.map((ref) => ref.subscribe(report));
  report();
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
});

const userOf = (event: SessionFacts) => event.user;

const integrationsSetup = setup({
  types: {
    context: {} as IntegrationsContext,
    events: {} as IntegrationsEvent,
  },
  actors: { observeSession },
  guards: {
    hasUser: ({ event }) => userOf(event) !== null,
    isAbsent: ({ event }) => event.isKnown && userOf(event) === null,
    isAnotherUser: ({ context, event }) => userOf(event) !== null && userOf(event)?.id !== context.analyticsUserId,
    hasCompletedOnboarding: ({ event }) => event.profile?.completedOnboarding === true,
    wasSurveyed: ({ context, event }) => {
      const user = userOf(event);
      return user !== null && context.surveyedUserIds.includes(user.id);
    },
  },
  actions: {
    identifyAnalytics: placeholderAction<{ userId: string }>('identifyAnalytics'),
    resetAnalytics: placeholderAction('resetAnalytics'),
    identifySurvey: placeholderAction<SurveyPerson>('identifySurvey'),
    assignAnalyticsUser: assign({ analyticsUserId: ({ event }) => userOf(event)?.id ?? null }),
    forgetAnalyticsUser: assign({ analyticsUserId: null }),
    markSurveyed: assign({
      surveyedUserIds: ({ context }, params: { userId: string }) => [...context.surveyedUserIds, params.userId],
    }),
  },
});

/** Remember who the analytics tool knows, then tell it. */
const identifyAnalyticsUser = [
  'assignAnalyticsUser',
  { type: 'identifyAnalytics', params: ({ event }: { event: IntegrationsEvent }) => ({ userId: event.user?.id ?? '' }) },
] as const;

export const integrationsMachine = integrationsSetup.createMachine({
  id: 'integrations',
  context: { analyticsUserId: null, surveyedUserIds: [] },
  invoke: { src: 'observeSession' },
  type: 'parallel',
  states: {
    analytics: {
      initial: 'unknown',
      states: {
        unknown: {
          on: {
            'integrations.session': [
              { guard: 'hasUser', target: 'identified', actions: identifyAnalyticsUser },
              { guard: 'isAbsent', target: 'anonymous' },
            ],
          },
        },
        identified: {
          on: {
            'integrations.session': [
              // Another user without a logout in between: identify the new one.
              { guard: 'isAnotherUser', actions: identifyAnalyticsUser },
              { guard: 'isAbsent', target: 'anonymous' },
            ],
          },
        },
        anonymous: {
          entry: ['forgetAnalyticsUser', 'resetAnalytics'],
          on: {
            'integrations.session': { guard: 'hasUser', target: 'identified', actions: identifyAnalyticsUser },
          },
        },
      },
    },
    survey: {
      on: {
        'integrations.session': {
          guard: and(['hasUser', 'hasCompletedOnboarding', not('wasSurveyed')]),
          actions: [
            {
              type: 'identifySurvey',
              params: ({ event }) => ({ id: event.user?.id ?? '', name: event.user?.fullName ?? '', email: event.user?.email ?? '' }),
            },
            { type: 'markSurveyed', params: ({ event }) => ({ userId: event.user?.id ?? '' }) },
          ],
        },
      },
    },
  },
});

import type { Profile, User } from '@/machines/shared/domain';

export type IntegrationsContext = {
  /** The user the analytics tool is identified with. */
  analyticsUserId: string | null;
  /** Users the survey tool has been told about during this page's life. */
  surveyedUserIds: readonly string[];
};

export type SessionFacts = {
  /** The signed-in user; null when absent or not known yet. */
  user: User | null;
  /** Identity has settled at least once (a null user then means "absent", not "unknown"). */
  isKnown: boolean;
  profile: Profile | null;
};

export type IntegrationsEvent = { type: 'integrations.session' } & SessionFacts;

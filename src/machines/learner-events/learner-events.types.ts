import type { components } from '@/api/schema';

export type LearnerEvent = components['schemas']['LearnerEvent'];
export type LearnerEventType = components['schemas']['LearnerEventType'];
export type LearnerEventData = NonNullable<LearnerEvent['data']>;

/** Spec §7: how the queue batches and how much it keeps. */
export const LEARNER_EVENTS = {
  storageKey: 'learner-events-queue',
  /** Oldest events are dropped beyond this many. */
  maxQueued: 500,
  /** The server accepts at most this many per request (openapi.yaml). */
  maxPerBatch: 100,
  /** A full batch is sent at once. */
  flushAt: 20,
  /** Otherwise after this much quiet. */
  quietMs: 2000,
} as const;

export type LearnerEventsInput = {
  /** Injectable clock (epoch milliseconds) and id source; default Date.now and a random UUID. */
  now?: () => number;
  newId?: () => string;
};

export type LearnerEventsContext = {
  queue: LearnerEvent[];
  /**
   * Events this page handed to the beacon. A beacon can be lost after the browser took it (the
   * network went down, the page closed), so the next page start sends them once more; the server
   * stores each id once.
   */
  handed: LearnerEvent[];
  /** Ids being sent again by this page: not remembered a second time. */
  resending: string[];
  now: () => number;
  newId: () => string;
};

export type DeliverInput = {
  events: LearnerEvent[];
  /** The page is going away: no time to wait for a token refresh. */
  urgent: boolean;
};

/** What an earlier page left in storage: its queue, and what it handed to the beacon. */
export type RestoredQueue = { queue: LearnerEvent[]; handed: LearnerEvent[] };

/** Ids of the events handed to the beacon; the rest stay queued. */
export type DeliverOutput = { handedIds: string[] };

export type LearnerEventsEvent =
  | { type: 'learnerEvents.record'; eventType: LearnerEventType; data?: LearnerEventData }
  /** Send now: the page is hidden or going away (sent by the browser-signals actor). */
  | { type: 'learnerEvents.pageHidden' }
  /** The browser is back online (sent by the browser-signals actor). */
  | { type: 'learnerEvents.online' };

import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { learnerEventsMachine } from './learner-events.machine';
import { LEARNER_EVENTS, type DeliverInput, type DeliverOutput, type LearnerEvent, type RestoredQueue } from './learner-events.types';

// The real effects of the learner-events queue: localStorage, navigator.sendBeacon, the access
// token and the page's visibility and network signals. Tests hand in fakes of these browser
// edges and run the same code.

export type QueueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Same contract as navigator.sendBeacon: false when the browser would not queue the data. A
 * string body goes out as text/plain;charset=UTF-8, which needs no CORS preflight.
 */
export type BeaconSender = (url: string, body: string) => boolean;

export type SignalTargets = {
  window?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  document?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { visibilityState: string };
};

export type LearnerEventsEdge = {
  /** Missing (no localStorage): the queue lives in memory only. */
  storage?: QueueStorage;
  /** Missing (no beacon support): everything stays queued. */
  sendBeacon?: BeaconSender;
  getToken: () => Promise<string | null>;
  isOnline?: () => boolean;
  signals?: SignalTargets;
  /** The API base; the beacon goes to `${baseUrl}/learner/events`. */
  baseUrl?: string;
  storageKey?: string;
};

function isLearnerEvent(value: unknown): value is LearnerEvent {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return typeof e.id === 'string' && typeof e.type === 'string' && typeof e.timeStamp === 'string';
}

export function readQueue(storage: QueueStorage | undefined, key: string): LearnerEvent[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isLearnerEvent) : [];
  } catch {
    return [];
  }
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export function createLearnerEventsLogic(edge: LearnerEventsEdge) {
  const key = edge.storageKey ?? LEARNER_EVENTS.storageKey;
  const handedKey = `${key}:handed`;
  const write = (storageKey: string, events: LearnerEvent[]) => {
    try {
      edge.storage?.setItem(storageKey, JSON.stringify(events));
    } catch {
      // Storage full or denied: the events still go out from memory.
    }
  };
  const url = `${edge.baseUrl ?? '/api'}/learner/events`;
  const sendBeacon: BeaconSender = edge.sendBeacon ?? (() => false);
  const isOnline = edge.isOnline ?? (() => true);
  // A page that is going away cannot wait for a token refresh: the last token is used as is.
  let lastToken: string | null = null;

  const deliver = async ({ events, urgent }: DeliverInput): Promise<DeliverOutput> => {
    if (!isOnline() || events.length === 0) return { handedIds: [] };
    const accessToken = urgent && lastToken ? lastToken : await edge.getToken();
    if (!accessToken) return { handedIds: [] };
    lastToken = accessToken;
    const handedIds: string[] = [];
    for (const data of chunks(events, LEARNER_EVENTS.maxPerBatch)) {
      if (!sendBeacon(url, JSON.stringify({ accessToken, data }))) break;
      handedIds.push(...data.map((e) => e.id));
    }
    return { handedIds };
  };

  return learnerEventsMachine.provide({
    actors: {
      restoreQueue: fromPromise<RestoredQueue, void>(async () => ({
        queue: readQueue(edge.storage, key),
        handed: readQueue(edge.storage, handedKey),
      })),
      deliver: fromPromise<DeliverOutput, DeliverInput>(({ input }) => deliver(input)),
      browserSignals: fromCallback<EventObject>(({ sendBack }) => {
        const { window: win, document: doc } = edge.signals ?? {};
        const hidden = () => sendBack({ type: 'learnerEvents.pageHidden' });
        const visibility = () => {
          if (doc?.visibilityState === 'hidden') hidden();
        };
        const online = () => sendBack({ type: 'learnerEvents.online' });
        win?.addEventListener('pagehide', hidden);
        win?.addEventListener('online', online);
        doc?.addEventListener('visibilitychange', visibility);
        return () => {
          win?.removeEventListener('pagehide', hidden);
          win?.removeEventListener('online', online);
          doc?.removeEventListener('visibilitychange', visibility);
        };
      }),
    },
    actions: {
      persistQueue: (_, params: { queue: LearnerEvent[] }) => write(key, params.queue),
      persistHanded: (_, params: { handed: LearnerEvent[] }) => write(handedKey, params.handed),
    },
  });
}

/** The browser's own edges, where they exist (none under Node). */
export function browserLearnerEventsEdge(): Pick<LearnerEventsEdge, 'sendBeacon' | 'isOnline' | 'signals'> {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    sendBeacon: nav && typeof nav.sendBeacon === 'function' ? (u, body) => nav.sendBeacon(u, body) : undefined,
    isOnline: () => nav?.onLine ?? true,
    signals: {
      window: typeof window === 'undefined' ? undefined : window,
      document: typeof document === 'undefined' ? undefined : document,
    },
  };
}

import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { randomUuid } from '@/lib/uuid';
import { learnerEventsMachine } from './learner-events.machine';
import { LEARNER_EVENTS, type DeliverInput, type DeliverOutput, type LearnerEvent, type RestoredQueue } from './learner-events.types';

// The real effects of the learner-events queue: localStorage, navigator.sendBeacon, the access
// token and the page's visibility and network signals. Tests hand in fakes of these browser
// edges and run the same code.

/** localStorage. Without key/length/removeItem the page keeps one shared slot. */
export type QueueStorage = Pick<Storage, 'getItem' | 'setItem'> & Partial<Pick<Storage, 'removeItem' | 'key' | 'length'>>;

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

const events = (value: unknown): LearnerEvent[] => (Array.isArray(value) ? value.filter(isLearnerEvent) : []);

/** One page's stored state; a bare array is the queue alone (the format of earlier versions). */
export function parseSlot(raw: string | null): RestoredQueue {
  try {
    const parsed: unknown = JSON.parse(raw ?? 'null');
    if (Array.isArray(parsed)) return { queue: events(parsed), handed: [] };
    if (typeof parsed === 'object' && parsed !== null) {
      const slot = parsed as Record<string, unknown>;
      return { queue: events(slot.queue), handed: events(slot.handed) };
    }
  } catch {
    // Unreadable: nothing to restore.
  }
  return { queue: [], handed: [] };
}

/** Oldest first, each id once. */
function merge(lists: LearnerEvent[][]): LearnerEvent[] {
  const byId = new Map<string, LearnerEvent>();
  for (const e of lists.flat()) if (!byId.has(e.id)) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => a.timeStamp.localeCompare(b.timeStamp));
}

/**
 * Where pages keep their queues. Every page (tab) writes only its own slot, so two open tabs
 * never overwrite each other's events. A page starting up claims every other slot (those of
 * closed pages, and those of open ones, which write theirs again on their next change): it sends
 * what it claimed, and an event sent by two pages is stored once by the server.
 */
function queueSlots(storage: QueueStorage | undefined, prefix: string) {
  const canList = typeof storage?.removeItem === 'function' && typeof storage.key === 'function' && typeof storage.length === 'number';
  const own = canList ? `${prefix}:${randomUuid()}` : prefix;
  const current: RestoredQueue = { queue: [], handed: [] };
  const keys = (): string[] => {
    if (!storage || !canList) return [own];
    const all: string[] = [];
    for (let i = 0; i < (storage.length ?? 0); i++) {
      const k = storage.key?.(i);
      if (k && (k === prefix || k.startsWith(`${prefix}:`)) && k !== own) all.push(k);
    }
    return all;
  };
  const save = () => {
    try {
      if (canList && current.queue.length === 0 && current.handed.length === 0) storage?.removeItem?.(own);
      else storage?.setItem(own, JSON.stringify(current));
    } catch {
      // Storage full or denied: the events still go out from memory.
    }
  };
  return {
    claim: (): RestoredQueue => {
      try {
        const found = keys();
        const slots = found.map((k) => parseSlot(storage?.getItem(k) ?? null));
        if (canList) for (const k of found) storage?.removeItem?.(k);
        return { queue: merge(slots.map((s) => s.queue)), handed: merge(slots.map((s) => s.handed)) };
      } catch {
        return { queue: [], handed: [] };
      }
    },
    saveQueue: (queue: LearnerEvent[]) => {
      current.queue = queue;
      save();
    },
    saveHanded: (handed: LearnerEvent[]) => {
      current.handed = handed;
      save();
    },
  };
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export function createLearnerEventsLogic(edge: LearnerEventsEdge) {
  const slots = queueSlots(edge.storage, edge.storageKey ?? LEARNER_EVENTS.storageKey);
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
      restoreQueue: fromPromise<RestoredQueue, void>(async () => slots.claim()),
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
      persistQueue: (_, params: { queue: LearnerEvent[] }) => slots.saveQueue(params.queue),
      persistHanded: (_, params: { handed: LearnerEvent[] }) => slots.saveHanded(params.handed),
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

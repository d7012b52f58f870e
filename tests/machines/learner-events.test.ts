import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createLearnerEventsLogic, parseSlot, type QueueStorage } from '@/machines/learner-events/learner-events.actors';
import { selectIsStalled, selectQueuedCount } from '@/machines/learner-events/learner-events.selectors';
import { LEARNER_EVENTS, type LearnerEvent } from '@/machines/learner-events/learner-events.types';

// The queue with its real edge code (learner-events.actors.ts) over fakes of the browser:
// storage, sendBeacon, navigator.onLine and the window/document signals. Timers are faked.

type Batch = { url: string; accessToken: string; data: LearnerEvent[] };

function browser() {
  // localStorage as the browser has it: shared by every tab of the origin.
  const values = new Map<string, string>();
  const storage: QueueStorage = {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    key: (index) => [...values.keys()][index] ?? null,
    get length() {
      return values.size;
    },
  };
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  // Ids keep counting across the actors of one browser, as random ids would not repeat.
  const state = { online: true, accept: [] as boolean[], ids: 0 };
  const bodies: { url: string; body: string }[] = [];
  const sendBeacon = vi.fn((url: string, body: string) => {
    const accepted = state.accept.length > 0 ? state.accept.shift()! : true;
    if (accepted) bodies.push({ url, body });
    return accepted;
  });
  const batches = async (): Promise<Batch[]> =>
    Promise.all(
      bodies.map(async ({ url, body }) => ({ url, ...(JSON.parse(body) as Omit<Batch, 'url'>) })),
    );
  /** Every page's stored queue, oldest first. */
  const stored = (): LearnerEvent[] =>
    [...values.entries()]
      .filter(([k]) => k.startsWith(LEARNER_EVENTS.storageKey))
      .flatMap(([, v]) => parseSlot(v).queue)
      .sort((a, b) => a.timeStamp.localeCompare(b.timeStamp));
  return { values, storage, win, doc, state, sendBeacon, batches, stored };
}

type Browser = ReturnType<typeof browser>;

function start(b: Browser, getToken = vi.fn(async (): Promise<string | null> => 'token-1')) {
  let clock = Date.parse('2026-05-01T08:00:00.000Z');
  const logic = createLearnerEventsLogic({
    storage: b.storage,
    sendBeacon: b.sendBeacon,
    getToken,
    isOnline: () => b.state.online,
    signals: { window: b.win, document: b.doc },
    baseUrl: '/api',
  });
  const actor = createActor(logic, {
    input: { now: () => (clock += 1000), newId: () => `00000000-0000-4000-8000-${String(++b.state.ids).padStart(12, '0')}` },
  }).start();
  const record = (count = 1) => {
    for (let i = 0; i < count; i++) {
      actor.send({ type: 'learnerEvents.record', eventType: 'VIDEO_TIMEUPDATED', data: { catalogItemId: 'item-1', progress: i } });
    }
  };
  return { actor, record, getToken };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('learner events queue', () => {
  it('batches after 2 s of quiet: each new event restarts the wait', async () => {
    const b = browser();
    const { actor, record } = start(b);
    await settle();
    record();
    await vi.advanceTimersByTimeAsync(1500);
    record(2);
    await vi.advanceTimersByTimeAsync(1500);
    expect(b.sendBeacon).not.toHaveBeenCalled();
    expect(b.stored()).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(500);
    const [batch] = await b.batches();
    expect(b.sendBeacon).toHaveBeenCalledTimes(1);
    expect(batch).toMatchObject({ url: '/api/learner/events', accessToken: 'token-1' });
    expect(batch?.data).toHaveLength(3);
    expect(batch?.data[0]).toEqual({
      id: '00000000-0000-4000-8000-000000000001',
      type: 'VIDEO_TIMEUPDATED',
      timeStamp: '2026-05-01T08:00:01.000Z',
      data: { catalogItemId: 'item-1', progress: 0 },
    });
    expect(selectQueuedCount(actor.getSnapshot())).toBe(0);
    expect(b.stored()).toEqual([]);
  });

  it('sends at once when 20 events are waiting', async () => {
    const b = browser();
    const { record } = start(b);
    await settle();
    record(19);
    await settle();
    expect(b.sendBeacon).not.toHaveBeenCalled();
    record();
    await settle();
    expect((await b.batches())[0]?.data).toHaveLength(20);
  });

  it('sends at once on pagehide and on visibilitychange to hidden', async () => {
    const b = browser();
    const { record, getToken } = start(b);
    await settle();
    record(2);
    b.win.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(b.sendBeacon).toHaveBeenCalledTimes(1);
    record();
    b.doc.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(b.sendBeacon).toHaveBeenCalledTimes(1);
    b.doc.visibilityState = 'hidden';
    b.doc.dispatchEvent(new Event('visibilitychange'));
    // A hiding page uses the token it already has, without waiting for the provider.
    expect(b.sendBeacon).toHaveBeenCalledTimes(2);
    expect(getToken).toHaveBeenCalledTimes(1);
    expect((await b.batches()).map((batch) => batch.data.length)).toEqual([2, 1]);
  });

  it('keeps events while offline and sends them when the browser is back online', async () => {
    const b = browser();
    b.state.online = false;
    const { actor, record } = start(b);
    await settle();
    record(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect(b.sendBeacon).not.toHaveBeenCalled();
    expect(selectIsStalled(actor.getSnapshot())).toBe(true);
    expect(b.stored()).toHaveLength(3);
    b.state.online = true;
    b.win.dispatchEvent(new Event('online'));
    await settle();
    expect((await b.batches())[0]?.data).toHaveLength(3);
    expect(b.stored()).toEqual([]);
  });

  it('survives a reload: a new actor over the same storage delivers the queue, and the next start sends it once more, then never', async () => {
    const b = browser();
    b.state.online = false;
    const first = start(b);
    await settle();
    first.record(3);
    await vi.advanceTimersByTimeAsync(2000);
    first.actor.stop();
    const ids = b.stored().map((e) => e.id);
    expect(ids).toHaveLength(3);

    b.state.online = true;
    const second = start(b);
    await vi.advanceTimersByTimeAsync(2000);
    second.actor.stop();
    const sentBy = async () => (await b.batches()).flatMap((batch) => batch.data.map((e) => e.id));
    expect(await sentBy()).toEqual(ids);
    // A beacon the browser took may still be lost: the next page start sends it again (the
    // server stores each id once), and forgets it then.
    const third = start(b);
    await vi.advanceTimersByTimeAsync(5000);
    third.actor.stop();
    expect(await sentBy()).toEqual([...ids, ...ids]);
    const fourth = start(b);
    await vi.advanceTimersByTimeAsync(5000);
    fourth.actor.stop();
    expect(await sentBy()).toEqual([...ids, ...ids]);
    expect(b.stored()).toEqual([]);
  });

  it('keeps two open tabs apart: a closed tab\'s unsent events survive the other tab\'s writes and go out once', async () => {
    const b = browser();
    b.state.online = false;
    const tabA = start(b);
    const tabB = start(b);
    await settle();
    tabA.record(2);
    tabB.record(1);
    await settle();
    const fromA = tabA.actor.getSnapshot().context.queue.map((e) => e.id);
    tabA.actor.stop();
    // Tab B goes on writing its own queue; tab A's stays.
    tabB.record(1);
    await settle();
    expect(b.stored().map((e) => e.id)).toEqual(expect.arrayContaining(fromA));
    expect(b.stored()).toHaveLength(4);
    tabB.actor.stop();

    b.state.online = true;
    const tabC = start(b);
    await vi.advanceTimersByTimeAsync(2000);
    const sent = (await b.batches()).flatMap((batch) => batch.data.map((e) => e.id));
    expect(sent).toEqual(expect.arrayContaining(fromA));
    expect(sent).toHaveLength(4);
    expect(new Set(sent).size).toBe(4);
    tabC.actor.stop();
  });

  it('keeps events recorded while the stored queue is read, after the stored ones', async () => {
    const b = browser();
    b.state.online = false;
    const first = start(b);
    await settle();
    first.record(2);
    await settle();
    first.actor.stop();
    const storedIds = b.stored().map((e) => e.id);
    const second = start(b);
    // Recorded before restoring finished.
    second.actor.send({ type: 'learnerEvents.record', eventType: 'VIDEO_PLAYED', data: { catalogItemId: 'item-2' } });
    await settle();
    const queue = second.actor.getSnapshot().context.queue;
    expect(queue.map((e) => e.type)).toEqual(['VIDEO_TIMEUPDATED', 'VIDEO_TIMEUPDATED', 'VIDEO_PLAYED']);
    expect(queue.slice(0, 2).map((e) => e.id)).toEqual(storedIds);
    expect(b.stored()).toHaveLength(3);
  });

  it('keeps at most 500 events, dropping the oldest', async () => {
    const b = browser();
    b.state.online = false;
    const { actor, record } = start(b);
    await settle();
    record(505);
    await settle();
    const queue = actor.getSnapshot().context.queue;
    expect(queue).toHaveLength(500);
    expect(queue[0]?.id).toBe('00000000-0000-4000-8000-000000000006');
    expect(b.stored()).toHaveLength(500);
  });

  it('keeps the queue when the beacon refuses, and retries later', async () => {
    const b = browser();
    b.state.accept = [false];
    const { actor, record } = start(b);
    await settle();
    record(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(b.sendBeacon).toHaveBeenCalledTimes(1);
    expect(selectIsStalled(actor.getSnapshot())).toBe(true);
    expect(b.stored()).toHaveLength(2);
    record();
    await vi.advanceTimersByTimeAsync(2000);
    expect((await b.batches()).map((batch) => batch.data.length)).toEqual([3]);
    expect(b.stored()).toEqual([]);
  });

  it('sends at most 100 events per beacon and removes only what the beacon took', async () => {
    const b = browser();
    b.state.online = false;
    const { actor, record } = start(b);
    await settle();
    record(250);
    await settle();
    b.state.online = true;
    b.state.accept = [true, false];
    b.win.dispatchEvent(new Event('online'));
    await settle();
    expect((await b.batches()).map((batch) => batch.data.length)).toEqual([100]);
    expect(selectQueuedCount(actor.getSnapshot())).toBe(150);
    expect(b.stored()).toHaveLength(150);
    b.win.dispatchEvent(new Event('online'));
    await settle();
    const batches = await b.batches();
    expect(batches.map((batch) => batch.data.length)).toEqual([100, 100, 50]);
    expect(new Set(batches.flatMap((batch) => batch.data.map((e) => e.id))).size).toBe(250);
  });

  it('keeps events while nobody is signed in', async () => {
    const b = browser();
    const { actor, record } = start(b, vi.fn(async () => null));
    await settle();
    record();
    await vi.advanceTimersByTimeAsync(2000);
    expect(b.sendBeacon).not.toHaveBeenCalled();
    expect(selectQueuedCount(actor.getSnapshot())).toBe(1);
  });
});

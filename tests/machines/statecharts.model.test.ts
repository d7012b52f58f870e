import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { MACHINES } from '@/machines/registry';
import { ADMIN_MACHINES } from '@/machines/admin/admin.registry';
import { parseCatalogQuery, toCatalogRequest } from '@/machines/catalog/catalog.query';
import { CALLBACK_LOGOUT_DELAY_MS } from '@/machines/callback/callback.machine';
import { applyProgressPatch } from '@/machines/progress/progress.machine';
import { isWatchedEnough, watchedPercent } from '@/machines/video-progress/video-progress.logic';
import { expectFullCoverage, walkRegistryMachine, type RegistryDriver, type RegistryWalk } from '../support/model';
import { makeProfile, makeUser } from './fixtures';

// Every statechart of the registry that has no walk of its own (tests/machines/*.model.test.ts)
// is walked here, from the machine itself: `effectFreeModel` of the registry's machine, replayed
// on that machine with only its edge stubbed (tests/support/model.ts, `registryDriver`). After
// every step the real machine's state and context must be the model's, a delay must not fire a
// millisecond early, and each walk checks what the spec says its effects are, from the driver's
// own record of the path (written out here, not read from the chart).

type Event = AnyEventObject;
type Walk = RegistryWalk & {
  /** The registry's name of the statechart. */
  name: string;
};

function walk(spec: Walk) {
  const entry = [...MACHINES, ...ADMIN_MACHINES].find((e) => e.name === spec.name);
  if (!entry) throw new Error(`no statechart ${spec.name}`);
  return walkRegistryMachine(entry.machine, spec);
}

const FIXED_NOW = Date.parse('2026-11-25T15:00:00.000Z');
const SENT_OFFLINE_CHANGES = { sent: 2, refused: [] };
const SAVED_OFFLINE = { catalogItemId: 'item-1', publicId: 'concept-carousel', title: 'Concept carousel', savedAt: '2026-11-25T15:00:00.000Z', offlineUntil: '2026-12-25T15:00:00.000Z', bytes: 4_000_000 };
const failure = new Error('Something went wrong, please try again later');
const effectNames = (driver: RegistryDriver<Event>) => driver.effects.map(([name]) => name);
const entries = (path: Event[], type: string) => path.filter((event) => event.type === type);

// ── the resource machines: one chart each, the shape spec §4 gives shared data ──────────────

const RESOURCES: { name: string; data: unknown; params?: unknown; patch?: unknown }[] = [
  { name: 'profile', data: makeProfile() },
  { name: 'subscriptions', data: [] },
  { name: 'nasot-items', data: [{ id: 'n1', title: 'Feedback', type: 'CATEGORY', parentId: null }] },
  { name: 'audiences', data: [{ id: 'a1', name: 'New Teachers' }] },
  {
    name: 'progress',
    data: { 'item-1': { catalogItemId: 'item-1', lastInteractionAt: '2026-11-01T09:00:00.000Z', areReproduciblesDownloaded: false, isCatalogItemRated: false, isRubricScoreSaved: false, isStrategyApplied: false, videoProgress: 40, videoPosition: 120, completed: false } },
    patch: { catalogItemId: 'item-1', changes: { isCatalogItemRated: true } },
  },
  { name: 'dashboard', data: { featured: [], recommended: [] } },
  { name: 'livestreams', data: [] },
  { name: 'item-detail', data: { item: { id: 'item-1' } }, params: { publicId: 'concept-carousel', resourceType: 'LEARNING_OBJECT' } },
  { name: 'progress-overview', data: { achievements: [] } },
];

/** What a resource must hold after the path: the last value handed in or fetched, with the patches made since on top. */
function expectedResource(path: Event[], patchRule: boolean): { data: unknown; fetches: number } {
  let data: unknown = null;
  let pending: unknown[] = [];
  let state: 'idle' | 'loading' | 'loaded' | 'failed' = 'loading';
  let fetches = 1;
  const apply = (value: unknown, patch: unknown) => (patchRule ? applyProgressPatch(value as never, patch as never, FIXED_NOW) : value);
  for (const event of path) {
    if (event.type === 'resource.clear') [state, data, pending] = ['idle', null, []];
    else if (event.type === 'resource.set') [state, data, pending] = ['loaded', event.data, []];
    else if (event.type === 'resource.patch') {
      data = apply(data, event.patch);
      if (state !== 'loaded') pending = [...pending, event.patch];
    } else if (event.type === 'model.done.fetch') [state, data, pending] = ['loaded', pending.reduce((d, p) => apply(d, p), event.output), []];
    else if (event.type === 'model.error.fetch') state = 'failed';
    // A load while one is in flight joins it; a loaded resource answers from memory.
    else if ((event.type === 'resource.load' && (state === 'idle' || state === 'failed')) || (event.type === 'resource.reload' && state !== 'loading')) {
      state = 'loading';
      fetches += 1;
    }
  }
  return { data, fetches };
}

describe('resource statecharts, model-based', () => {
  for (const resource of RESOURCES) {
    it(`${resource.name}: walks every transition on the real machine; a load in flight is joined, a patch survives it`, async (context) => {
      const events: Event[] = [
        { type: 'resource.load' },
        { type: 'resource.reload' },
        { type: 'resource.set', data: resource.data },
        { type: 'resource.patch', patch: resource.patch ?? {} },
        { type: 'resource.clear' },
        { type: 'model.done.fetch', output: resource.data },
        { type: 'model.error.fetch', error: failure },
      ];
      const coverage = await walk({
        name: resource.name,
        events,
        // Loading at once (a screen's data): the only way into `idle`'s always transition.
        inputs: [{ loadOnStart: true, now: () => FIXED_NOW, params: resource.params }],
        // Patches pile up while loading: two in a row are as many as the walk needs.
        serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.data !== null, Math.min(snapshot.context.pending.length, 2), snapshot.context.loadOnStart]),
        check: (driver, real, path) => {
          const expected = expectedResource(path, resource.patch !== undefined);
          expect(real.context.data).toEqual(expected.data);
          expect(driver.calls.filter(([src]) => src === 'fetch')).toHaveLength(expected.fetches);
          for (const [, params] of driver.calls) expect(params).toEqual(resource.params);
        },
      });
      expectFullCoverage(context, coverage);
    });
  }
});

// ── the other statecharts ───────────────────────────────────────────────────────────────────

const learner = makeUser('USER', { completedOnboarding: true });
const another = makeUser('USER', { completedOnboarding: true });
const newcomer = makeUser('USER', { completedOnboarding: false });
const session = (user: ReturnType<typeof makeUser> | null, isKnown = true): Event => ({
  type: 'integrations.session',
  user,
  isKnown,
  profile: user ? makeProfile({ completedOnboarding: user.completedOnboarding }) : null,
});

const startUp = { user: learner, profile: makeProfile(), subscriptions: null, progress: { 'item-1': { catalogItemId: 'item-1' } } };

const WALKS: Walk[] = [
  {
    name: 'root',
    events: [{ type: 'root.startUp' }, { type: 'root.signedOut' }, { type: 'model.done.loadStartUp', output: startUp }, { type: 'model.error.loadStartUp', error: failure }],
    // Spec §4: the start-up answer's parts go to the actors that own them; a part it lacks stays with its actor.
    check: (driver, _real, path) => {
      const answers = entries(path, 'model.done.loadStartUp').length;
      const sets = (src: string) => driver.received.filter(([to, event]) => to === src && event.type === 'resource.set');
      expect(sets('profile')).toEqual(Array.from({ length: answers }, () => ['profile', { type: 'resource.set', data: startUp.profile }]));
      expect(sets('progress')).toEqual(Array.from({ length: answers }, () => ['progress', { type: 'resource.set', data: startUp.progress }]));
      expect(sets('subscriptions')).toEqual([]);
      // One GET /identity/start per start-up: a second root.startUp while one runs joins it.
      let state = 'waitingForSession';
      let startUps = 0;
      for (const event of path) {
        if (event.type === 'root.startUp' && state !== 'startingUp') [state, startUps] = ['startingUp', startUps + 1];
        else if (event.type === 'root.signedOut') state = 'waitingForSession';
        else if (event.type.startsWith('model.')) state = 'settled';
      }
      expect(driver.calls.filter(([src]) => src === 'loadStartUp')).toHaveLength(startUps);
    },
  },
  {
    name: 'integrations',
    events: [session(null, false), session(null), session(learner), session(another), session(newcomer), session({ ...newcomer, completedOnboarding: true })],
    // Spec §1: analytics identified by user id while a user is present and reset when absent; the
    // survey told who the user is once their profile has completed onboarding, once per user.
    check: (driver, _real, path) => {
      const expected: [string, unknown][] = [];
      let analytics: 'unknown' | 'identified' | 'anonymous' = 'unknown';
      let identified: string | null = null;
      const surveyed = new Set<string>();
      for (const event of path) {
        const user = event.user as ReturnType<typeof makeUser> | null;
        if (user && (analytics !== 'identified' || user.id !== identified)) {
          [analytics, identified] = ['identified', user.id];
          expected.push(['identifyAnalytics', { userId: user.id }]);
        } else if (!user && event.isKnown && analytics !== 'anonymous') {
          [analytics, identified] = ['anonymous', null];
          expected.push(['resetAnalytics', undefined]);
        }
        if (user?.completedOnboarding && !surveyed.has(user.id)) {
          surveyed.add(user.id);
          expected.push(['identifySurvey', { id: user.id, name: user.fullName, email: user.email }]);
        }
      }
      const sorted = (list: [string, unknown][]) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      expect(sorted(driver.effects)).toEqual(sorted(expected));
    },
  },
  {
    name: 'catalog',
    events: [
      { type: 'catalog.urlChanged', search: '?audience=a2' },
      { type: 'catalog.urlChanged', search: '?q=pair' },
      { type: 'catalog.urlChanged', search: '' },
      { type: 'catalog.search', text: ' pair ' },
      { type: 'catalog.filter', patch: { resourceType: 'PLAYLIST' } },
      { type: 'catalog.clearAll' },
      { type: 'catalog.retry' },
      { type: 'model.done.prepare', output: { profileAudienceId: 'aud-profile', progress: [] } },
      { type: 'model.done.prepare', output: { profileAudienceId: null, progress: [] } },
      { type: 'model.done.fetchResults', output: { items: [], total: 0 } },
      { type: 'model.error.prepare', error: failure },
      { type: 'model.error.fetchResults', error: failure },
    ],
    inputs: [{ search: '' }, { search: '', profileAudienceId: 'aud-profile' }, { search: '?q=pair' }],
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.query, snapshot.context.location, snapshot.context.profileAudienceId, snapshot.context.error !== null]),
    // Spec §2: a query with neither an audience nor a search gets the profile's audience, and the
    // address says so (replaced, not a new history entry); every fetch asks what the query shows.
    check: (driver, real, path) => {
      const { location, profileAudienceId, query } = real.context;
      const opened = parseCatalogQuery(location);
      if (!entries(path, 'catalog.urlChanged').length && profileAudienceId && !opened.audience && !opened.search && real.value !== 'failed') {
        if (!(real.value === 'preparing' && !path.length)) expect(query.audience).toBe(profileAudienceId);
        expect(driver.effects.some(([name, params]) => name === 'replaceSearch' && (params as { search: string }).search.includes(`audience=${profileAudienceId}`))).toBe(true);
      }
      // What is fetched is what the query shows.
      if (real.value === 'loading') expect(driver.calls.at(-1)).toEqual(['fetchResults', toCatalogRequest(query)]);
      expect(driver.effects.filter(([name]) => name === 'pushSearch')).toHaveLength(path.filter((e) => ['catalog.search', 'catalog.filter', 'catalog.clearAll'].includes(e.type)).length);
    },
  },
  {
    name: 'video-progress',
    events: (snapshot) => {
      const { position, lastAt } = snapshot.context as { position: number; lastAt: number | null };
      const step = (seconds: number): Event => ({ type: 'video.timeUpdate', currentTime: position + seconds, at: (lastAt ?? 0) + seconds * 1000 });
      return [
        { type: 'model.done.fetchVideoSource', output: { url: '/media/v.webm', playSession: { id: 'session-1', watched: [] } } },
        { type: 'model.error.fetchVideoSource', error: failure },
        { type: 'video.retry' },
        { type: 'video.loaded', duration: 100 },
        { type: 'video.play' },
        { type: 'video.pause' },
        { type: 'video.seeked', currentTime: 50 },
        { type: 'video.ended' },
        step(0.5),
        step(5),
        step(12),
        step(95),
      ];
    },
    inputs: [
      { catalogItemId: 'item-1', playVideo: true },
      { catalogItemId: 'item-1', initialWatchedPercent: 95 },
    ],
    // Timed or not, how much is watched (in tenths), and whether autoplay: what the branches read.
    serializeState: (snapshot) =>
      JSON.stringify([snapshot.value, snapshot.context.lastAt === null, Math.floor(watchedPercent(snapshot.context) / 10), isWatchedEnough(snapshot.context), snapshot.context.autoplay]),
    // Spec §9: the video is complete at 90 %, and VIDEO_TIMEUPDATED reports it; seeks count nothing.
    check: (driver, real) => {
      if (real.value === 'completed') expect(driver.effects.some(([name, params]) => name === 'recordLearnerEvent' && (params as { type: string }).type === 'VIDEO_TIMEUPDATED')).toBe(true);
      for (const [name, params] of driver.effects) if (name === 'patchProgress') expect((params as { patch: { videoProgress: number } }).patch.videoProgress).toBeLessThanOrEqual(100);
    },
  },
  {
    name: 'media-player',
    events: [
      { type: 'player.cues', cues: [{ start: 0, end: 4, text: 'Concept Carousel' }, { start: 4, end: 8, text: 'Step 1: Hang posters' }, { start: 8, end: 12, text: 'Step 2: Rotate' }] },
      { type: 'player.cues', cues: [] },
      { type: 'player.noCaptions' },
      { type: 'player.time', time: 5 },
      { type: 'player.rate', rate: 2 },
      { type: 'player.follow', follow: false },
      { type: 'player.search', query: 'step' },
      { type: 'player.search', query: '  ' },
      { type: 'player.nextMatch' },
      { type: 'player.previousMatch' },
      { type: 'player.clearSearch' },
    ],
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.cues.length, snapshot.context.query, snapshot.context.matchIndex]),
    // The speed is recalled once, when the player starts, and remembered at every change; a
    // search's current match stays among its matches.
    check: (driver, real, path) => {
      expect(driver.effects).toEqual([['recallRate', undefined], ...entries(path, 'player.rate').map((event) => ['rememberRate', event])]);
      const { cues, query, matchIndex } = real.context as { cues: { text: string }[]; query: string; matchIndex: number };
      const matches = cues.filter((cue) => cue.text.toLowerCase().includes(query.trim().toLowerCase())).length;
      if (real.matches({ search: 'searching' })) expect(matchIndex).toBeLessThan(Math.max(1, matches));
      else expect(query.trim()).toBe('');
    },
  },
  {
    name: 'connectivity',
    events: [
      { type: 'connectivity.online' },
      { type: 'connectivity.offline' },
      { type: 'model.done.sendQueuedChanges', output: SENT_OFFLINE_CHANGES },
      { type: 'model.error.sendQueuedChanges', error: failure },
      { type: 'model.after.retry' },
    ],
    inputs: [{ online: true }, { online: false }],
    // The banner shows exactly while the browser says it is offline; the worker is installed once,
    // at start; changes made offline are sent on every way online (at start, back online, each
    // minute), and only what was sent is reported.
    check: (driver, real, path) => {
      const last = path.filter((event) => event.type.startsWith('connectivity.')).at(-1);
      const offline = last ? last.type === 'connectivity.offline' : !(real.context as { online: boolean }).online;
      expect(real.hasTag('offline')).toBe(offline);
      expect(driver.effects[0]).toEqual(['installWorker', undefined]);
      for (const effect of driver.effects.slice(1)) expect(effect).toEqual(['reportSent', SENT_OFFLINE_CHANGES]);
      expect(driver.effects.length - 1).toBeLessThanOrEqual(entries(path, 'model.done.sendQueuedChanges').length);
      if (real.matches({ online: 'sending' })) expect(driver.calls.at(-1)?.[0]).toBe('sendQueuedChanges');
    },
  },
  {
    name: 'offline-library',
    events: [
      { type: 'model.done.listSaved', output: { items: [SAVED_OFFLINE], available: 5_000_000 } },
      { type: 'model.error.listSaved', error: failure },
      { type: 'offline.save', item: { id: 'item-2', publicId: 'think-pair-share', title: 'Think-pair-share', hasReproducibles: true } },
      { type: 'offline.progress', fraction: 0.5 },
      { type: 'offline.saved', item: { ...SAVED_OFFLINE, catalogItemId: 'item-2', publicId: 'think-pair-share', title: 'Think-pair-share', bytes: 2_000_000 } },
      { type: 'offline.failed', error: new Error('There is not enough space on this device to save this strategy.') },
      { type: 'offline.cancel' },
      { type: 'offline.remove', catalogItemId: 'item-1' },
      { type: 'model.done.removeItem' },
      { type: 'model.error.removeItem', error: failure },
    ],
    // Each save and removal tells the learner how it ended, once: a success with the size kept, or the store's own words.
    check: (driver, _real, path) => {
      const told = driver.effects.map(([name, params]) => [name, (params as { message: string }).message]);
      const endings = path.filter((event) => ['offline.saved', 'offline.failed', 'model.done.removeItem', 'model.error.removeItem'].includes(event.type));
      expect(told.length).toBeLessThanOrEqual(endings.length);
      for (const [name, message] of told) {
        expect(name).toBe('notify');
        expect(['Saved for offline (2 MB)', 'Removed from this device', 'There is not enough space on this device to save this strategy.', failure.message]).toContain(message);
      }
    },
  },
  {
    name: 'email-verification',
    events: [{ type: 'model.done.verifyEmail', output: { email: 'teacher@example.org' } }, { type: 'model.error.verifyEmail', error: failure }, { type: 'emailVerification.retry' }],
    inputs: [{ token: 'verification-token' }],
    // The link's token is what is verified; identity hears which address was proven, once.
    check: (driver, real) => {
      for (const [, input] of driver.calls) expect(input).toEqual({ token: 'verification-token' });
      expect(driver.effects).toEqual(real.value === 'verified' ? [['announceVerified', { email: 'teacher@example.org' }]] : []);
    },
  },
  {
    name: 'callback',
    events: [{ type: 'callback.failed' }, { type: 'callback.succeeded' }, { type: 'model.after.logoutDelay' }],
    // Spec §2, §9: after a failure, 'Redirecting to login...' and the logout come at 7,000 ms, not before (the driver runs the clock to 6,999 first).
    check: (driver, real) => {
      expect(CALLBACK_LOGOUT_DELAY_MS).toBe(7000);
      expect(effectNames(driver)).toEqual(real.value === 'redirecting' ? ['logout'] : []);
    },
  },
  {
    name: 'check-email',
    events: [
      { type: 'checkEmail.check' },
      { type: 'model.after.poll' },
      { type: 'model.done.fetchUser', output: makeUser('USER', { verified: true }) },
      { type: 'model.done.fetchUser', output: makeUser('USER', { verified: false }) },
      { type: 'model.error.fetchUser', error: failure },
    ],
    // The app goes on exactly when an answer says the address is proven.
    check: (driver, real) => expect(effectNames(driver)).toEqual(real.value === 'confirmed' ? ['continue'] : []),
  },
  {
    name: 'calendar',
    events: [{ type: 'calendar.add', item: { id: 'live-1', title: 'Live Q&A' } }],
    check: (driver, _real, path) => expect(driver.effects).toEqual(entries(path, 'calendar.add').map((event) => ['saveCalendarFile', { item: event.item }])),
  },
  {
    name: 'invite',
    events: [],
    inputs: [{ email: 'new@example.org', ticket: 'invite-ticket' }],
    // Spec §2 /invite: straight on to the provider's sign-up, with the address as login hint.
    check: (driver) => expect(driver.effects).toEqual([['signUp', { email: 'new@example.org', ticket: 'invite-ticket' }]]),
  },
  {
    name: 'demo-link',
    events: [],
    inputs: [{ ticket: 'demo-ticket' }],
    check: (driver) => expect(driver.effects).toEqual([['startDemo', { ticket: 'demo-ticket' }]]),
  },
  {
    name: 'community',
    events: [],
    check: (driver) => expect(effectNames(driver)).toEqual(['openCommunity']),
  },
  {
    name: 'certificates',
    events: [{ type: 'certificates.issued', certificate: { id: 'c1', strategies: 3 } }],
    inputs: [{ form: { fields: {} } }],
    // An issued certificate is announced and the list reloads to show it.
    check: (driver, _real, path) => {
      const issued = entries(path, 'certificates.issued');
      expect(driver.effects).toEqual(issued.map((event) => ['notifyIssued', { certificate: event.certificate }]));
      expect(driver.received.filter(([src]) => src === 'list')).toEqual(issued.map(() => ['list', { type: 'resource.reload' }]));
    },
  },
  {
    name: 'billing',
    events: [{ type: 'billing.subscriptionsChanged' }],
    // Each new load of the subscriptions refreshes the payments table.
    check: (driver, _real, path) =>
      expect(driver.received.filter(([src]) => src === 'transactions')).toEqual(entries(path, 'billing.subscriptionsChanged').map(() => ['transactions', { type: 'table.refresh' }])),
  },
];

describe('statecharts, model-based', () => {
  for (const spec of WALKS) {
    it(`${spec.name}: walks every state and transition of the statechart on the real machine`, async (context) => {
      expectFullCoverage(context, await walk(spec));
    });
  }
});

describe('the registry', () => {
  it('has every statechart walked by a model-based test (npm run test:model counts them)', (context) => {
    const statecharts = [...MACHINES, ...ADMIN_MACHINES].map((entry) => ({ name: entry.name, machine: entry.machine.id }));
    context.task.meta.statecharts = statecharts;
    expect(new Set(statecharts.map((s) => s.name)).size).toBe(statecharts.length);
  });
});

declare module 'vitest' {
  interface TaskMeta {
    statecharts?: { name: string; machine: string }[];
  }
}

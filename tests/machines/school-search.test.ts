import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { createApiClient } from '@/api/client';
import type { AppServices } from '@/machines/root/app-services';
import type { RootRefs } from '@/machines/root/root.machine';
import { createLiveActors } from '@/machines/shared/live-actors';
import { ALL_SCHOOLS_LABEL, schoolSearchMachine, type School } from '@/machines/usage/school-search.machine';
import { usageScreen } from '@/machines/usage/usage.actors';
import { schoolSearchIntents } from '@/machines/usage/usage.intents';
import { selectPickedKey, selectSchool, selectSchoolOptions, selectSchoolPicker, selectSearchedText } from '@/machines/usage/usage.selectors';
import { flush } from './fixtures';

// The school picker's search (spec §2, §7, §9): 300 ms after the last keystroke, one
// request for the first 20 matches; 'All Schools' first; a failure as an error snackbar (§8).

const MAPLE: School = { id: '00000000-0000-4000-8000-000000000001', name: 'Maple Grove Elementary' };
const CEDAR: School = { id: '00000000-0000-4000-8000-000000000002', name: 'Cedar Middle School' };

function start(options: { fail?: boolean; selected?: School | null } = {}) {
  const clock = new SimulatedClock();
  const requests: { name: string; itemsPerPage: number }[] = [];
  const errors: unknown[] = [];
  const picked: (School | null)[] = [];
  const actor = createActor(
    schoolSearchMachine.provide({
      actors: {
        searchSchools: fromPromise<readonly School[], { name: string; itemsPerPage: number }>(async ({ input }) => {
          requests.push(input);
          if (options.fail) throw new Error('Search is down');
          return [MAPLE, CEDAR].filter((s) => s.name.toLowerCase().includes(input.name.toLowerCase()));
        }),
      },
      actions: {
        notifyError: (_, { error }) => void errors.push(error),
        notifyPicked: (_, { school }) => void picked.push(school),
      },
    }),
    { clock, input: { selected: options.selected ?? null } },
  ).start();
  return { actor, clock, requests, errors, picked, intents: schoolSearchIntents((event) => actor.send(event)) };
}

describe('school search', () => {
  it('lists the first 20 schools at once, with All Schools first', async () => {
    const { actor, requests } = start();
    expect(requests).toEqual([{ name: '', itemsPerPage: 20 }]);
    await flush();
    expect(selectSchoolOptions(actor.getSnapshot()).map((o) => o.name)).toEqual([ALL_SCHOOLS_LABEL, MAPLE.name, CEDAR.name]);
    expect(selectPickedKey(actor.getSnapshot())).toBe('all');
    expect(actor.getSnapshot().context.text).toBe(ALL_SCHOOLS_LABEL);
  });

  it('waits 300 ms after the last keystroke: nothing at 299 ms, one request at 300 ms', async () => {
    const { actor, clock, requests, intents } = start();
    await flush();
    intents.type('map');
    clock.increment(299);
    await flush();
    expect(requests).toHaveLength(1);
    clock.increment(1);
    await flush();
    expect(requests).toEqual([
      { name: '', itemsPerPage: 20 },
      { name: 'map', itemsPerPage: 20 },
    ]);
    expect(selectSchoolOptions(actor.getSnapshot()).map((o) => o.name)).toEqual([ALL_SCHOOLS_LABEL, MAPLE.name]);
    expect(selectSearchedText(actor.getSnapshot())).toBe('map');
  });

  it('typing again resets the wait', async () => {
    const { clock, requests, intents } = start();
    await flush();
    intents.type('m');
    clock.increment(200);
    intents.type('ma');
    clock.increment(200);
    intents.type('map');
    clock.increment(299);
    await flush();
    expect(requests).toHaveLength(1);
    clock.increment(1);
    await flush();
    expect(requests.map((r) => r.name)).toEqual(['', 'map']);
  });

  it('does not search for what the box shows after a choice (the name, or All Schools)', async () => {
    const { clock, requests, intents, picked } = start();
    await flush();
    intents.pick(MAPLE);
    expect(picked).toEqual([MAPLE]);
    intents.type(MAPLE.name);
    clock.increment(1000);
    intents.clear();
    await flush();
    intents.type(ALL_SCHOOLS_LABEL);
    clock.increment(1000);
    await flush();
    // The first list, and the one Clear selection asks for: nothing for the names the box showed.
    expect(requests.map((r) => r.name)).toEqual(['', '']);
  });

  it('a failed search shows its message through the error snackbar and keeps the list', async () => {
    const { actor, clock, errors, intents } = start({ fail: true });
    await flush();
    expect(errors).toHaveLength(1);
    intents.type('cedar');
    clock.increment(300);
    await flush();
    expect(errors.map((e) => (e as Error).message)).toEqual(['Search is down', 'Search is down']);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(selectSchoolOptions(actor.getSnapshot())[0]!.name).toBe(ALL_SCHOOLS_LABEL);
  });

  it('Clear selection goes back to All Schools, tells the owner and lists every school again', async () => {
    const { actor, requests, intents, picked } = start({ selected: CEDAR });
    await flush();
    expect(selectPickedKey(actor.getSnapshot())).toBe(CEDAR.id);
    expect(actor.getSnapshot().context.text).toBe(CEDAR.name);
    expect(requests[0]!.name).toBe('');
    intents.clear();
    expect(picked).toEqual([null]);
    expect(selectPickedKey(actor.getSnapshot())).toBe('all');
    expect(requests.at(-1)).toEqual({ name: '', itemsPerPage: 20 });
  });
});

describe('school picker effects (the real client and snackbar wiring)', () => {
  function world(respond: (url: URL) => Response) {
    const urls: URL[] = [];
    const fetch = async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      urls.push(url);
      return respond(url);
    };
    const snackbar = { send: vi.fn() };
    const services: AppServices = {
      api: createApiClient({ baseUrl: 'http://app.test/api', getAccessToken: async () => 'token', fetch }),
      actors: { snackbar } as unknown as RootRefs,
      router: { navigate: () => undefined, current: () => ({ pathname: '/usage', search: '' }), subscribe: () => () => undefined },
      browser: { saveFile: () => undefined, openExternal: () => undefined, leaveTo: () => undefined, onPageHide: () => () => undefined, onPageRestore: () => () => undefined, remembered: { get: () => null, set: () => undefined } },
      live: createLiveActors(),
    accessToken: async () => 'token',
    };
    // The picker is the usage page's child: the page is what it tells.
    const usage = createActor(usageScreen.logic(services), { input: { search: '', isDistrictAdmin: true } }).start();
    const actor = selectSchoolPicker(usage.getSnapshot())!;
    const searches = () => urls.filter((url) => url.pathname === '/api/organizations');
    return { searches, snackbar, usage, actor };
  }
  const wait = () => new Promise((resolve) => setTimeout(resolve, 20));
  const pageData = (url: URL) =>
    url.pathname === '/api/users' ? Response.json({ items: [], total: 0 }) : Response.json({ error: { code: 'NOT_FOUND', message: url.pathname } }, { status: 404 });

  it('asks GET /organizations with name, itemsPerPage 20 and schools only; a pick reaches the usage page', async () => {
    const { searches, usage, actor } = world((url) =>
      url.pathname === '/api/organizations' ? Response.json({ items: [{ ...MAPLE, type: 'SCHOOL', parentId: null }], total: 1 }) : pageData(url),
    );
    await wait();
    expect(Object.fromEntries(searches()[0]!.searchParams)).toEqual({ name: '', itemsPerPage: '20', type: 'SCHOOL' });
    actor.send({ type: 'schoolSearch.pick', school: MAPLE });
    expect(selectSchool(usage.getSnapshot())).toEqual(MAPLE);
  });

  it('shows the server’s message as an error snackbar (spec §8), once the client’s three tries are spent', async () => {
    const { snackbar, searches } = world((url) =>
      url.pathname === '/api/organizations' ? Response.json({ error: { code: 'UNAVAILABLE', message: 'The directory is resting' } }, { status: 503 }) : pageData(url),
    );
    await vi.waitFor(
      () => expect(snackbar.send).toHaveBeenCalledWith(expect.objectContaining({ type: 'snackbar.enqueue', message: 'The directory is resting', variant: 'error' })),
      { timeout: 4_000, interval: 50 },
    );
    expect(searches()).toHaveLength(3);
  });
});

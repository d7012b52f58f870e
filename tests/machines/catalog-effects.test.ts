import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createApiClient } from '@/api/client';
import { catalogScreen } from '@/machines/catalog/catalog.actors';
import { createAudiencesLogic, createNasotItemsLogic } from '@/machines/reference-data/reference-data.actors';
import type { AppServices } from '@/machines/root/app-services';
import type { RootRefs } from '@/machines/root/root.machine';
import { profileMachine } from '@/machines/profile/profile.machine';
import { progressMachine } from '@/machines/progress/progress.machine';
import { createLiveActors } from '@/machines/shared/live-actors';
import type { Profile } from '@/machines/shared/domain';
import { withFetch } from '@/machines/shared/resource';

// The catalogue screen's real effects over a real API client; only fetch is replaced. The
// reference-data lists answer when the test opens their gate.

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function world() {
  const gates = { nasot: gate(), audiences: gate() };
  const requests: string[] = [];
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const path = new URL(input instanceof Request ? input.url : input).pathname.replace('/api', '');
    requests.push(path);
    switch (path) {
      case '/catalog/nasot/items':
        await gates.nasot.opened;
        return json({ data: [] });
      case '/catalog/audiences':
        await gates.audiences.opened;
        return json({ data: [{ id: '5d1c6f0e-7d0c-4a57-9c8e-0f1f6f1c2a01', name: 'Elementary Teachers', position: 1 }] });
      case '/catalog/items':
        return json({ items: [], total: 0 });
      default:
        return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: path } }), { status: 404 });
    }
  };
  const api = createApiClient({ baseUrl: 'http://app.test/api', getAccessToken: async () => 'token', fetch });
  // The app-wide actors the catalogue reads: the two reference lists over the real client, a
  // profile that never answers (the catalogue must not wait for it) and the progress as the
  // start-up handed it over (the catalogue never fetches it).
  const progress = createActor(withFetch(progressMachine, () => Promise.reject(new Error('fetched'))), { input: {} }).start();
  progress.send({ type: 'resource.set', data: {} });
  const actors = {
    nasotItems: createActor(createNasotItemsLogic(api), { input: {} }).start(),
    audiences: createActor(createAudiencesLogic(api), { input: {} }).start(),
    profile: createActor(withFetch(profileMachine, () => new Promise<Profile>(() => {})), { input: {} }).start(),
    progress,
  } as Partial<RootRefs> as RootRefs;
  const services: AppServices = {
    api,
    actors,
    router: { navigate: () => undefined, current: () => ({ pathname: '/catalog', search: '' }), subscribe: () => () => undefined },
    browser: { saveFile: () => undefined, openExternal: () => undefined, leaveTo: () => undefined, onPageHide: () => () => undefined, onPageRestore: () => () => undefined, remembered: { get: () => null, set: () => undefined } },
    live: createLiveActors(),
    accessToken: async () => 'token',
  };
  const logic = { catalog: catalogScreen.logic(services) };
  return { gates, requests, logic };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('catalogue screen effects', () => {
  it('waits for both nasot items and audiences before it lists, and two screens share one fetch of each', async () => {
    const { gates, requests, logic } = world();
    const catalog = createActor(logic.catalog, { input: { search: '?audience=a1' } }).start();
    const second = createActor(logic.catalog, { input: { search: '' } }).start();
    await tick();
    expect(requests.filter((p) => p === '/catalog/items')).toHaveLength(0);

    gates.nasot.open();
    await tick();
    // Nasot items alone are not enough.
    expect(catalog.getSnapshot().matches('ready')).toBe(false);
    expect(requests.filter((p) => p === '/catalog/items')).toHaveLength(0);

    gates.audiences.open();
    await waitFor(catalog, (s) => s.matches('ready'));
    await waitFor(second, (s) => s.matches('ready'));
    expect(requests.filter((p) => p === '/catalog/items')).toHaveLength(2);
    expect(requests.filter((p) => p === '/catalog/nasot/items')).toHaveLength(1);
    expect(requests.filter((p) => p === '/catalog/audiences')).toHaveLength(1);
    // Progress comes from the progress actor (handed over at start-up), never from the API.
    expect(requests).not.toContain('/progress');
    catalog.stop();
    second.stop();
  });
});

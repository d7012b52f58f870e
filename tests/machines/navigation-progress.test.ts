import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { navigationProgressMachine } from '@/machines/navigation-progress/navigation-progress.machine';
import { createRouterReporter, type RouterStateLike } from '@/machines/navigation-progress/navigation-progress.router';
import { selectIsIndicatorVisible } from '@/machines/navigation-progress/navigation-progress.selectors';
import type { PageView } from '@/machines/navigation-progress/navigation-progress.types';
import { createRootActor } from '@/machines/root/root.actors';
import { selectRootRefs } from '@/machines/root/root.selectors';
import { flush } from './fixtures';

function start() {
  const clock = new SimulatedClock();
  const recordPageView = vi.fn((_: unknown, _view: PageView) => {});
  const actor = createActor(navigationProgressMachine.provide({ actions: { recordPageView } }), { clock });
  actor.start();
  const visible = () => selectIsIndicatorVisible(actor.getSnapshot());
  const views = () => recordPageView.mock.calls.map(([, view]) => view);
  return { actor, clock, visible, views };
}

const routerState = (pathname: string, state: RouterStateLike['navigation']['state'] = 'idle', initialized = true): RouterStateLike => ({
  initialized,
  navigation: { state },
  location: { pathname },
});

describe('navigation progress: the loading indicator', () => {
  it('is not shown for a navigation of 299 ms', () => {
    const { actor, clock, visible } = start();
    actor.send({ type: 'navigation.started' });
    clock.increment(299);
    expect(visible()).toBe(false);
    actor.send({ type: 'navigation.finished' });
    clock.increment(1000);
    expect(visible()).toBe(false);
  });

  it('is shown after 300 ms (at 301 ms) and cleared when the navigation finishes', () => {
    const { actor, clock, visible } = start();
    actor.send({ type: 'navigation.started' });
    clock.increment(301);
    expect(visible()).toBe(true);
    actor.send({ type: 'navigation.finished' });
    expect(visible()).toBe(false);
    // A new navigation waits its own 300 ms.
    actor.send({ type: 'navigation.started' });
    clock.increment(299);
    expect(visible()).toBe(false);
  });
});

describe('navigation progress: page views', () => {
  it('records one page view per pathname change, from the previous pathname', () => {
    const { actor, views } = start();
    for (const pathname of ['/', '/', '/catalog', '/catalog', '/profile']) actor.send({ type: 'navigation.located', pathname });
    expect(views()).toEqual([
      { from: '', to: '/' },
      { from: '/', to: '/catalog' },
      { from: '/catalog', to: '/profile' },
    ]);
  });

  it('ignores failing page-view calls (the real wiring, over a failing API)', async () => {
    const requests: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      const path = new URL(request.url).pathname;
      if (path === '/api/reporting/event') {
        requests.push(JSON.stringify(await request.json()));
        if (requests.length === 1) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ error: { code: 'X', message: 'No' } }), { status: 500 });
      }
      return new Response(null, { status: 404 });
    });
    const root = createRootActor({
      fetch,
      baseUrl: 'http://localhost:5173/api',
      browser: { origin: 'http://localhost:5173', href: () => 'http://localhost:5173/', cookie: () => '', replaceUrl: vi.fn(), load: vi.fn(), openPopup: () => null },
      storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
      flags: { createClient: () => new Promise(() => {}) },
    });
    const progress = selectRootRefs(root.getSnapshot()).navigationProgress;
    progress.send({ type: 'navigation.located', pathname: '/login' });
    progress.send({ type: 'navigation.located', pathname: '/reveal' });
    await flush();
    await flush();
    expect(requests.map((body) => JSON.parse(body) as unknown)).toEqual([
      { event: 'PAGE_VIEW', properties: { from: '', to: '/login' } },
      { event: 'PAGE_VIEW', properties: { from: '/login', to: '/reveal' } },
    ]);
    expect(progress.getSnapshot().status).toBe('active');
    expect(root.getSnapshot().status).toBe('active');
    root.stop();
  });

  it('from the router: a same-path search change and a redirect hop are not page views', () => {
    const { clock, visible, views, actor } = start();
    const report = createRouterReporter(actor);
    // The first guard is still deciding where the app opens: nothing counts yet.
    report(routerState('/catalog', 'idle', false));
    report(routerState('/onboarding'));
    report(routerState('/onboarding', 'loading'));
    clock.increment(301);
    expect(visible()).toBe(true);
    report(routerState('/catalog'));
    expect(visible()).toBe(false);
    // ?audience=x on the same page: the pathname did not change.
    report(routerState('/catalog', 'loading'));
    report(routerState('/catalog'));
    expect(views()).toEqual([
      { from: '', to: '/onboarding' },
      { from: '/onboarding', to: '/catalog' },
    ]);
  });
});

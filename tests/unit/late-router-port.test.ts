import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { lateRouterPort } from '@/machines/root/browser-edge';
import type { AppLocation } from '@/machines/root/app-services';

// The router port the actors get before the router exists (src/main.tsx starts the actor system
// and builds the router in separate tasks). A real data router in memory stands for the browser's.

const routes = ['/', '/catalog', '/learning', '/profile'].map((path) => ({ path, element: null }));
const routers: Array<{ dispose: () => void }> = [];
const memoryRouter = () => {
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  routers.push(router);
  return router;
};
const settled = (router: ReturnType<typeof memoryRouter>, pathname: string) =>
  new Promise<void>((resolve) => {
    if (router.state.location.pathname === pathname && router.state.navigation.state === 'idle') return resolve();
    const stop = router.subscribe((state) => {
      if (state.location.pathname === pathname && state.navigation.state === 'idle') {
        stop();
        resolve();
      }
    });
  });

afterEach(() => {
  for (const router of routers.splice(0)) router.dispose();
});

describe('the router port before and after the router is bound', () => {
  it('makes the last navigation asked for before binding once the router is bound', async () => {
    const port = lateRouterPort();
    port.navigate('/catalog');
    port.navigate('/learning', { replace: true });
    const router = memoryRouter();
    expect(router.state.location.pathname).toBe('/');
    port.bind(router);
    await settled(router, '/learning');
    expect(port.current().pathname).toBe('/learning');
    // Replaced, as asked: going back leaves the app's history rather than reaching /catalog.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('navigates at once when the router is bound', async () => {
    const port = lateRouterPort();
    const router = memoryRouter();
    port.bind(router);
    port.navigate('/profile');
    await settled(router, '/profile');
    expect(port.current().pathname).toBe('/profile');
  });

  it('starts a subscription made before binding once bound, and ends it when unsubscribed', async () => {
    const port = lateRouterPort();
    const seen: AppLocation[] = [];
    const stop = port.subscribe((location) => seen.push(location));
    const router = memoryRouter();
    port.bind(router);
    port.navigate('/catalog?q=feedback');
    await settled(router, '/catalog');
    expect(seen.map((location) => `${location.pathname}${location.search}`)).toEqual(['/catalog?q=feedback']);
    stop();
    port.navigate('/learning');
    await settled(router, '/learning');
    expect(seen).toHaveLength(1);
  });

  it('never starts a subscription ended before binding', async () => {
    const port = lateRouterPort();
    const seen: AppLocation[] = [];
    port.subscribe((location) => seen.push(location))();
    const router = memoryRouter();
    port.bind(router);
    port.navigate('/catalog');
    await settled(router, '/catalog');
    expect(seen).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { ROLES, ROUTES, buildPath, matchRoute, type Role, type RouteName } from '@/lib/routes';

// The route table against spec §2, written out again here by hand.

const PAYING: Role[] = ['DISTRICT_ADMIN', 'SCHOOL_ADMIN', 'USER'];

const SPEC: Record<RouteName, { path: string; who: 'anonymous' | 'anyone' | 'redirect' | Role[]; flag?: string }> = {
  login: { path: '/login', who: 'anonymous', flag: 'local-login' },
  callback: { path: '/callback', who: 'anonymous' },
  'email-verification': { path: '/email-verification', who: 'anyone' },
  reveal: { path: '/reveal', who: 'anonymous' },
  invite: { path: '/invite', who: 'anonymous' },
  demo: { path: '/demo', who: 'anonymous' },
  // Not in the spec: where an account waits until its e-mail address is proven.
  'check-email': { path: '/check-email', who: [...PAYING, 'DEMO'] },
  payment: { path: '/payment', who: PAYING },
  'expired-organization-subscription': { path: '/expired-organization-subscription', who: PAYING },
  onboarding: { path: '/onboarding', who: PAYING },
  personalize: { path: '/personalize', who: ['DEMO'] },
  dashboard: { path: '/', who: [...PAYING, 'DEMO'] },
  community: { path: '/community', who: [...PAYING, 'DEMO'] },
  livestreams: { path: '/livestreams', who: [...PAYING, 'DEMO'] },
  livestream: { path: '/livestreams/:publicId', who: [...PAYING, 'DEMO'] },
  'learning-object': { path: '/learning-objects/:publicId', who: [...PAYING, 'DEMO'] },
  playlist: { path: '/playlists/:publicId', who: [...PAYING, 'DEMO'] },
  catalog: { path: '/catalog', who: [...PAYING, 'DEMO'] },
  profile: { path: '/profile', who: PAYING },
  learning: { path: '/learning', who: PAYING },
  billing: { path: '/billing', who: PAYING },
  usage: { path: '/usage', who: ['SCHOOL_ADMIN', 'DISTRICT_ADMIN'] },
  // Not in the spec: a district's roster, kept by its district admins (the platform admin's is on the admin site).
  roster: { path: '/usage/roster', who: ['DISTRICT_ADMIN'] },
  'my-account-profile': { path: '/my-account/profile', who: 'redirect' },
  'my-account-learning': { path: '/my-account/learning', who: 'redirect' },
  'my-account-billing': { path: '/my-account/billing', who: 'redirect' },
  // Not in the spec: the statechart viewer, for every signed-in role, behind its flag.
  statecharts: { path: '/statecharts', who: ['ADMIN', ...PAYING, 'DEMO'], flag: 'statechart-viewer' },
};

describe('route table', () => {
  it('has exactly the routes of spec §2 (plus the demo entry), each with its rule', () => {
    expect(ROUTES.map((route) => route.name).sort()).toEqual(Object.keys(SPEC).sort());
    for (const route of ROUTES) {
      const spec = SPEC[route.name];
      expect(route.path, route.name).toBe(spec.path);
      expect(route.meta.flag, route.name).toBe(spec.flag);
      if (spec.who === 'anonymous') {
        expect(route.meta, route.name).toMatchObject({ anonymousOnly: true });
        expect(route.meta.roles).toBeUndefined();
      } else if (spec.who === 'anyone') {
        expect(route.meta, route.name).toMatchObject({ public: true, demoAllowed: true });
      } else if (spec.who === 'redirect') {
        expect(route.meta.redirectTo, route.name).toBe(spec.path.replace('/my-account', ''));
      } else {
        expect([...(route.meta.roles ?? [])].sort(), route.name).toEqual([...spec.who].sort());
        expect(route.meta.demoAllowed, route.name).toBe(spec.who.includes('DEMO'));
      }
    }
  });

  it('never lets the platform admin into a product route (they have their own site)', () => {
    // The statechart viewer is a staff tool, so the platform admin may open it.
    for (const route of ROUTES.filter((r) => r.name !== 'statecharts')) expect(route.meta.roles ?? [], route.name).not.toContain('ADMIN');
    expect(ROLES.all).toContain('ADMIN');
  });

  it('sends demo users from /community to the dashboard', () => {
    expect(ROUTES.find((route) => route.name === 'community')?.meta.demoRedirectTo).toBe('/');
  });

  it('puts the home shell children under /', () => {
    const shell = ROUTES.filter((route) => route.shell).map((route) => route.name);
    expect(shell).toEqual([
      'dashboard',
      'community',
      'livestreams',
      'livestream',
      'learning-object',
      'playlist',
      'catalog',
      'profile',
      'learning',
      'billing',
      'usage',
      'roster',
      'my-account-profile',
      'my-account-learning',
      'my-account-billing',
      'statecharts',
    ]);
  });
});

describe('matchRoute', () => {
  it.each([
    ['/', 'dashboard', {}],
    ['/catalog', 'catalog', {}],
    ['/catalog/', 'catalog', {}],
    ['/Catalog', 'catalog', {}],
    ['/catalog?audience=a1#top', 'catalog', {}],
    ['/livestreams', 'livestreams', {}],
    ['/livestreams/ls-1', 'livestream', { publicId: 'ls-1' }],
    ['/learning-objects/lo%201', 'learning-object', { publicId: 'lo 1' }],
    ['/playlists/pl-9', 'playlist', { publicId: 'pl-9' }],
    ['/my-account/billing', 'my-account-billing', {}],
    ['/email-verification', 'email-verification', {}],
  ])('%s is %s', (pathname, name, params) => {
    const match = matchRoute(pathname);
    expect(match?.route.name).toBe(name);
    expect(match?.params).toEqual(params);
  });

  it.each(['/nope', '/learning-objects', '/learning-objects/a/b', '/playlists/%E0%A4%A', '/my-account'])(
    '%s is the 404',
    (pathname) => {
      expect(matchRoute(pathname)).toBeNull();
    },
  );
});

describe('buildPath', () => {
  it('fills and encodes params, and adds a query', () => {
    expect(buildPath('learning-object', { publicId: 'a b/c' })).toBe('/learning-objects/a%20b%2Fc');
    expect(buildPath('learning-object', { publicId: 'lo-1' }, { playVideo: '1' })).toBe('/learning-objects/lo-1?playVideo=1');
    expect(buildPath('catalog')).toBe('/catalog');
    expect(buildPath('email-verification', undefined, { 'verification-token': 't' })).toBe(
      '/email-verification?verification-token=t',
    );
  });
});

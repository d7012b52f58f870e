import { Outlet, createBrowserRouter, useLocation, data, redirect, useRouteError, isRouteErrorResponse, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useSelector } from '@xstate/react';
import { Suspense, lazy, useEffect } from 'react';
import { GENERIC_ERROR_MESSAGE } from '@/lib/messages';
import { ADMIN_SITE_PATH, ROUTES, matchRoute, type RouteName } from '@/lib/routes';
import { authIntents } from '@/machines/auth/auth.intents';
import { bindIntents } from '@/machines/shared/intents';
import { selectIsAuthLoading, selectIsAuthenticated } from '@/machines/auth/auth.selectors';
import { guardNavigation } from '@/machines/root/root.navigation';
import type { RootActor } from '@/machines/root/root.actors';
import { useRoot } from '@/views/root-context';
import { LoadingScreen } from '@/views/components/loading-screen';
import { NavigationProgress } from '@/views/components/navigation-progress';
import { Page } from '@/views/components/page';
import { LAZY_SCREENS, type ScreenLoader } from '@/views/lazy-screens';
import { preloadScreen } from '@/lib/screen-preloads';
import { documentTitle } from '@/views/hooks/use-document-title';
import { errorText } from '@/views/components/text.css';
import { buttonLink } from '@/views/components/page.css';

// The router is built from the route table (src/lib/routes.ts): the table says who may enter,
// this file only says what each route shows. Every navigation runs the navigation guard.

// Each screen is its own chunk (src/views/lazy-screens.ts), loaded by the route's `lazy` in
// parallel with the guard loader: a navigation settles, and the progress bar and the initial
// `hydrateFallbackElement` stay up, until both are done, so nothing renders blank meanwhile.
// The home shell (navbar, menus, banner, footer) and the 404 page are chunks of their own too:
// the first page carries only what every route needs before it renders (the guard, the auth
// machine, the router). The shell's chunk loads with the route's loader, like a screen's.
const loadHomeShell = () => import('@/views/home-shell').then((m) => m.HomeShell);
const loadNotFoundPage = () => import('@/views/screens/not-found-page').then((m) => m.NotFoundPage);
const HomeShell = lazy(() => loadHomeShell().then((Component) => ({ default: Component })));
const NotFoundPage = lazy(() => loadNotFoundPage().then((Component) => ({ default: Component })));
// The snackbar host shows nothing until a message arrives: its chunk comes right after the
// first render. Its polite region is there long before any message a person can cause.
const SnackbarHost = lazy(() => import('@/views/components/snackbar-host').then((m) => ({ default: m.SnackbarHost })));

/** A route's screen: its files are asked for together (src/lib/screen-preloads.ts) as it loads. */
function screenRoute(name: RouteName): Pick<RouteObject, 'lazy'> {
  // A legacy path has none: the guard redirects before anything renders.
  const screen: ScreenLoader = Object.hasOwn(LAZY_SCREENS, name) ? LAZY_SCREENS[name as keyof typeof LAZY_SCREENS] : loadNotFoundPage;
  return {
    lazy: {
      Component: () => {
        preloadScreen(name);
        return screen();
      },
    },
  };
}

const never = () => new Promise<never>(() => {});

export function createGuardLoader(root: RootActor) {
  let lastPath: string | null = null;
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const path = `${url.pathname}${url.search}`;
    const outcome = await guardNavigation(root, path, { signal: request.signal });
    const auth = bindIntents(root.getSnapshot().context.auth, authIntents);
    switch (outcome.type) {
      case 'proceed':
        lastPath = path;
        return null;
      case 'redirect':
        throw redirect(outcome.to);
      case 'back':
        throw redirect(lastPath && lastPath !== path ? lastPath : '/');
      case 'login':
        // The provider's page replaces the app; the navigation never settles here.
        auth.loginWithProvider({ returnTo: outcome.returnTo });
        return never();
      case 'adminSite':
        if (outcome.logout) auth.logoutTo(ADMIN_SITE_PATH);
        else window.location.assign(ADMIN_SITE_PATH);
        return never();
      case 'notFound':
        throw data('Page not found', { status: 404 });
      case 'failed':
        throw data(GENERIC_ERROR_MESSAGE, { status: 503 });
    }
  };
}

/** A signed-in user keeps the shell (navbar, footer) around the 404 page; a visitor sees it alone. */
function NotFound() {
  const { auth } = useRoot();
  const loading = useSelector(auth, selectIsAuthLoading);
  const signedIn = useSelector(auth, selectIsAuthenticated);
  if (loading) return <LoadingScreen />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      {signedIn ? (
        <HomeShell>
          <NotFoundPage inShell />
        </HomeShell>
      ) : (
        <NotFoundPage />
      )}
    </Suspense>
  );
}

function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <Page title="Something went wrong">
      <p className={errorText} role="alert">
        {GENERIC_ERROR_MESSAGE}
      </p>
      <a className={buttonLink} href="/">
        Go Home
      </a>
    </Page>
  );
}

/**
 * While authentication is loading the whole screen is the loading view; otherwise the snackbar
 * host and the routed view (spec §2). The navigation indicator sits above both.
 */
/**
 * Names the tab after the route on every navigation. Rendered before the routed view, so a
 * screen's own `useDocumentTitle` (which runs after it in the same commit) has the last word.
 */
function RouteTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(matchRoute(pathname)?.route.title);
  }, [pathname]);
  return null;
}

function AppFrame() {
  const { auth } = useRoot();
  const loading = useSelector(auth, selectIsAuthLoading);
  return (
    <>
      <RouteTitle />
      <NavigationProgress />
      {loading ? (
        <LoadingScreen brand />
      ) : (
        <>
          <Outlet />
          <Suspense fallback={null}>
            <SnackbarHost />
          </Suspense>
        </>
      )}
    </>
  );
}

export function createAppRoutes(root: RootActor): RouteObject[] {
  const loader = createGuardLoader(root);
  const toRoute = (name: RouteName, path: string): RouteObject => ({ path, loader, ...screenRoute(name) });
  const shellChildren = ROUTES.filter((r) => r.shell).map(
    (r): RouteObject => (r.path === '/' ? { index: true, loader, ...screenRoute(r.name) } : toRoute(r.name, r.path.slice(1))),
  );
  return [
    {
      path: '/',
      element: <AppFrame />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <LoadingScreen brand />,
      children: [
        ...ROUTES.filter((r) => !r.shell).map((r) => toRoute(r.name, r.path.slice(1))),
        { lazy: { Component: loadHomeShell }, errorElement: <RouteError />, children: shellChildren },
        { path: '*', loader, element: <NotFound /> },
      ],
    },
  ];
}

export function createAppRouter(root: RootActor) {
  return createBrowserRouter(createAppRoutes(root));
}

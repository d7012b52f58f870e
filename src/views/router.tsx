import { Outlet, createBrowserRouter, data, redirect, useRouteError, isRouteErrorResponse, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useSelector } from '@xstate/react';
import type { ComponentType } from 'react';
import { ROUTES, type RouteName } from '@/lib/routes';
import { selectIsAuthLoading } from '@/machines/auth/auth.selectors';
import { guardNavigation } from '@/machines/root/root.navigation';
import type { RootActor } from '@/machines/root/root.actors';
import { useRoot } from '@/views/root-context';
import { LoadingScreen } from '@/views/components/loading-screen';
import { NavigationProgress } from '@/views/components/navigation-progress';
import { SnackbarHost } from '@/views/components/snackbar-host';
import { Page } from '@/views/components/page';
import { HomeShell } from '@/views/home-shell';
import { LoginPage } from '@/views/screens/login-page';
import { CallbackPage } from '@/views/screens/callback-page';
import { DemoPage } from '@/views/screens/demo-page';
import { InvitePage } from '@/views/screens/invite-page';
import { RevealPage } from '@/views/screens/reveal-page';
import { EmailVerificationPage } from '@/views/screens/email-verification-page';
import { NotFoundPage } from '@/views/screens/not-found-page';
import { ExpiredOrganizationPage } from '@/views/screens/expired-organization-page';
import { PaymentPage } from '@/views/screens/payment-page';
import { OnboardingPage } from '@/views/screens/onboarding-page';
import { PersonalizePage } from '@/views/screens/personalize-page';
import * as sections from '@/views/screens/section-pages';
import { DashboardPage } from '@/views/screens/dashboard-page';
import { CatalogPage } from '@/views/screens/catalog-page';
import { LivestreamsPage } from '@/views/screens/livestreams-page';
import { LivestreamPage } from '@/views/screens/livestream-page';
import { PlaylistPage } from '@/views/screens/playlist-page';
import { LearningObjectPage } from '@/views/screens/learning-object-page';
import { StatechartsScreen } from '@/views/statecharts/statecharts-screen';

// The router is built from the route table (src/lib/routes.ts): the table says who may enter,
// this file only says what each route shows. Every navigation runs the navigation guard.

const SCREENS: Record<RouteName, ComponentType> = {
  login: LoginPage,
  callback: CallbackPage,
  'email-verification': EmailVerificationPage,
  reveal: RevealPage,
  invite: InvitePage,
  demo: DemoPage,
  payment: PaymentPage,
  'expired-organization-subscription': ExpiredOrganizationPage,
  onboarding: OnboardingPage,
  personalize: PersonalizePage,
  dashboard: DashboardPage,
  community: sections.CommunityPage,
  livestreams: LivestreamsPage,
  livestream: LivestreamPage,
  'learning-object': LearningObjectPage,
  playlist: PlaylistPage,
  catalog: CatalogPage,
  profile: sections.ProfilePage,
  learning: sections.LearningPage,
  billing: sections.BillingPage,
  usage: sections.UsagePage,
  // Legacy paths: the guard redirects before anything renders.
  'my-account-profile': NotFoundPage,
  'my-account-learning': NotFoundPage,
  'my-account-billing': NotFoundPage,
  statecharts: StatechartsScreen,
};

const never = () => new Promise<never>(() => {});

export function createGuardLoader(root: RootActor) {
  let lastPath: string | null = null;
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const path = `${url.pathname}${url.search}`;
    const outcome = await guardNavigation(root, path, { signal: request.signal });
    const auth = root.system.get('auth');
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
        auth?.send({ type: 'auth.loginWithRedirect', returnTo: outcome.returnTo });
        return never();
      case 'adminSite':
        if (outcome.logout) auth?.send({ type: 'auth.logout', returnTo: '/admin' });
        else window.location.assign('/admin');
        return never();
      case 'notFound':
        throw data('Page not found', { status: 404 });
      case 'failed':
        throw data('Something went wrong, please try again later', { status: 503 });
    }
  };
}

function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Page title="Something went wrong">
      <p className="error" role="alert">
        Something went wrong, please try again later
      </p>
      <a className="button" href="/">
        Go Home
      </a>
    </Page>
  );
}

/**
 * While authentication is loading the whole screen is the loading view; otherwise the snackbar
 * host and the routed view (spec §2). The navigation indicator sits above both.
 */
function AppFrame() {
  const { auth } = useRoot();
  const loading = useSelector(auth, selectIsAuthLoading);
  return (
    <>
      <NavigationProgress />
      {loading ? (
        <LoadingScreen />
      ) : (
        <>
          <Outlet />
          <SnackbarHost />
        </>
      )}
    </>
  );
}

export function createAppRoutes(root: RootActor): RouteObject[] {
  const loader = createGuardLoader(root);
  const toRoute = (name: RouteName, path: string): RouteObject => {
    const Screen = SCREENS[name];
    return { path, loader, element: <Screen /> };
  };
  const shellChildren = ROUTES.filter((r) => r.shell).map((r) =>
    r.path === '/' ? { index: true, loader, element: <DashboardPage /> } : toRoute(r.name, r.path.slice(1)),
  );
  return [
    {
      path: '/',
      element: <AppFrame />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <LoadingScreen />,
      children: [
        ...ROUTES.filter((r) => !r.shell).map((r) => toRoute(r.name, r.path.slice(1))),
        { element: <HomeShell />, errorElement: <RouteError />, children: shellChildren },
        { path: '*', loader, element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createAppRouter(root: RootActor) {
  return createBrowserRouter(createAppRoutes(root));
}

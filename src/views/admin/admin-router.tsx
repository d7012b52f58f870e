import { useSelector } from '@xstate/react';
import { Suspense, lazy } from 'react';
import { createBrowserRouter, redirect, useRouteError, type RouteObject } from 'react-router';
import { waitFor } from 'xstate';
import { GENERIC_ERROR_MESSAGE } from '@/lib/messages';
import { ADMIN_SITE_HOME, EDUCATOR_APP_HOME, adminAccess, takeReturnTo } from '@/machines/admin/admin-access';
import type { RootActor } from '@/machines/root/root.actors';
import { LoadingScreen } from '@/views/components/loading-screen';
import { Page } from '@/views/components/page';
import { useRoot } from '@/views/root-context';
import { AdminShell, AdminPage } from '@/views/admin/admin-shell';
import { errorText } from '@/views/components/text.css';
import { buttonLink } from '@/views/components/page.css';

// The admin site's routes, all under /admin. Each navigation first waits for the session: a
// platform admin goes on, a visitor gets the sign-in, anybody else is sent to the educator app
// (a page load: it is another app). Screens are chunks of their own.

const AdminSignInPage = lazy(() => import('@/views/admin/sign-in-page').then((m) => ({ default: m.AdminSignInPage })));

const never = () => new Promise<never>(() => {});

export function createAccessLoader(root: RootActor, leave: (to: string) => void = (to) => window.location.assign(to)) {
  return async ({ request }: { request: Request }) => {
    const auth = root.getSnapshot().context.auth;
    const settled = await waitFor(auth, (snapshot) => adminAccess(snapshot) !== 'waiting', { signal: request.signal, timeout: Infinity });
    if (adminAccess(settled) === 'elsewhere') {
      leave(EDUCATOR_APP_HOME);
      return never();
    }
    return null;
  };
}

/** Signed in as a platform admin: the shell; a visitor: the sign-in (the loader sent everybody else away). */
function AdminFrame() {
  const { auth } = useRoot();
  const access = useSelector(auth, adminAccess);
  if (access === 'admin') return <AdminShell />;
  if (access === 'signIn') {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <AdminSignInPage />
      </Suspense>
    );
  }
  return <LoadingScreen />;
}

function AdminNotFound() {
  return (
    <AdminPage title="Page not found" lead="There is no admin page at this address.">
      <a href={ADMIN_SITE_HOME}>Go to Users</a>
    </AdminPage>
  );
}

function AdminRouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Page title="Something went wrong">
      <p className={errorText} role="alert">
        {GENERIC_ERROR_MESSAGE}
      </p>
      <a className={buttonLink} href={ADMIN_SITE_HOME}>
        Reload the admin site
      </a>
    </Page>
  );
}

const screen = (load: () => Promise<React.ComponentType>): Pick<RouteObject, 'lazy'> => ({ lazy: { Component: load } });

export function createAdminRoutes(root: RootActor): RouteObject[] {
  const loader = createAccessLoader(root);
  return [
    {
      path: '/admin',
      loader,
      element: <AdminFrame />,
      errorElement: <AdminRouteError />,
      hydrateFallbackElement: <LoadingScreen />,
      children: [
        { index: true, loader: () => redirect(takeReturnTo() ?? ADMIN_SITE_HOME) },
        { path: 'users', ...screen(() => import('@/views/admin/users-page').then((m) => m.AdminUsersPage)) },
        { path: 'users/:id', ...screen(() => import('@/views/admin/user-page').then((m) => m.AdminUserPage)) },
        { path: 'catalog', ...screen(() => import('@/views/admin/catalog/catalog-page').then((m) => m.AdminCatalogPage)) },
        { path: 'catalog/new', ...screen(() => import('@/views/admin/catalog/item-editor-page').then((m) => m.AdminNewItemPage)) },
        { path: 'catalog/:itemId', ...screen(() => import('@/views/admin/catalog/item-editor-page').then((m) => m.AdminItemPage)) },
        { path: 'audit', ...screen(() => import('@/views/admin/audit-page').then((m) => m.AdminAuditPage)) },
        { path: 'organizations', ...screen(() => import('@/views/admin/organizations-page').then((m) => m.AdminOrganizationsPage)) },
        { path: 'organizations/new', ...screen(() => import('@/views/admin/organization-new-page').then((m) => m.AdminNewOrganizationPage)) },
        { path: 'organizations/:id', ...screen(() => import('@/views/admin/organization-page').then((m) => m.AdminOrganizationPage)) },
        { path: 'organizations/:id/sign-in', ...screen(() => import('@/views/admin/organization-sso-page').then((m) => m.AdminOrganizationSsoPage)) },
        { path: 'organizations/:id/roster', ...screen(() => import('@/views/admin/organization-roster-page').then((m) => m.AdminOrganizationRosterPage)) },
        { path: 'framework', ...screen(() => import('@/views/admin/framework-page').then((m) => m.AdminFrameworkPage)) },
        { path: 'audiences', ...screen(() => import('@/views/admin/audiences-page').then((m) => m.AdminAudiencesPage)) },
        { path: '*', element: <AdminNotFound /> },
      ],
    },
  ];
}

export function createAdminRouter(root: RootActor) {
  return createBrowserRouter(createAdminRoutes(root));
}

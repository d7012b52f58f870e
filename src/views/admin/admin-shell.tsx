import { useSelector } from '@xstate/react';
import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router';
import { selectAuthUser } from '@/machines/auth/auth.selectors';
import { NavLink, Link } from '@/views/components/link';
import { LoadingScreen } from '@/views/components/loading-screen';
import { useAuth } from '@/views/hooks/use-auth';
import { useRoot } from '@/views/root-context';
import { Button } from '@/views/layout/button';
import * as styles from '@/views/admin/admin.css';

const SnackbarHost = lazy(() => import('@/views/components/snackbar-host').then((m) => ({ default: m.SnackbarHost })));

/** The admin site around its screens: brand, sections, who is signed in, and Sign out. */
export function AdminShell() {
  const { auth } = useRoot();
  const user = useSelector(auth, selectAuthUser);
  const { logout } = useAuth();
  return (
    <div className={styles.frame}>
      <a className={styles.skipLink} href="#admin-main">
        Skip to content
      </a>
      <header className={styles.bar}>
        <div className={styles.barInner}>
          <Link to="/admin/users" className={styles.brand} aria-label="Platform admin home">
            <span className={styles.logo} aria-hidden="true">
              EL
            </span>
            <span className={styles.brandText}>Educator Learning</span>
            <span className={styles.badge}>Admin</span>
          </Link>
          <nav className={styles.nav} aria-label="Admin sections">
            <ul className={styles.navList}>
              <li>
                <NavLink to="/admin/users" className={styles.navLink}>
                  Users
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/organizations" className={styles.navLink}>
                  Organizations
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/catalog" className={styles.navLink}>
                  Catalogue
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/framework" className={styles.navLink}>
                  Framework
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/audiences" className={styles.navLink}>
                  Audiences
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/audit" className={styles.navLink}>
                  Audit log
                </NavLink>
              </li>
              <li>
                {/* The educator app's staff page: a page load of the other app. */}
                <a href="/statecharts" className={styles.navLink}>
                  Statecharts
                </a>
              </li>
            </ul>
          </nav>
          <div className={styles.account}>
            {user && (
              <span className={styles.accountName} title={user.email}>
                {user.fullName || user.email}
              </span>
            )}
            <Button tone="secondary" size="sm" onClick={logout}>
              Sign out
            </Button>
          </div>
        </div>
      </header>
      <main id="admin-main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <SnackbarHost />
      </Suspense>
    </div>
  );
}

/** A page of the admin site: its title (the one h1), an optional lead and actions. */
export function AdminPage({ title, lead, actions, children }: { title: string; lead?: string; actions?: React.ReactNode; children: React.ReactNode }) {
  return (
    <>
      <div className={styles.titleRow}>
        <h1 className={styles.title}>{title}</h1>
        {actions}
      </div>
      {lead && <p className={styles.lead}>{lead}</p>}
      <div className={styles.section}>{children}</div>
    </>
  );
}

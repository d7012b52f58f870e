import { NavLink, Outlet } from 'react-router';
import { useSelector } from '@xstate/react';
import { selectIsDemoUser, selectIsDistrictAdmin, selectIsSchoolAdmin, selectUser } from '@/machines/identity/identity.selectors';
import { useRoot } from '@/views/root-context';
import { useAuth } from '@/views/hooks/use-auth';

/** The home shell: navigation and the routed child (the full layout arrives with the app shell). */
export function HomeShell() {
  const { identity } = useRoot();
  const user = useSelector(identity, selectUser);
  const isDemo = useSelector(identity, selectIsDemoUser);
  const isAdmin = useSelector(identity, (s) => selectIsSchoolAdmin(s) || selectIsDistrictAdmin(s));
  const { logout, register } = useAuth();
  const links = [
    { to: '/', label: 'Dashboard', end: true },
    { to: '/catalog', label: 'Catalog' },
    { to: '/livestreams', label: 'Livestreams' },
    ...(isDemo ? [] : [{ to: '/learning', label: 'My learning' }, { to: '/community', label: 'Community' }]),
    ...(isAdmin ? [{ to: '/usage', label: 'Usage' }] : []),
  ];
  return (
    <>
      <header className="shell-header">
        <strong>Educator Learning Platform</strong>
        <nav aria-label="Main">
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="actions">
          {user && <span>{user.fullName || user.email}</span>}
          {isDemo && (
            <button className="button" type="button" onClick={register}>
              Register
            </button>
          )}
          <button className="button button--secondary" type="button" onClick={logout}>
            Sign out
          </button>
        </div>
      </header>
      <div className="shell-main">
        <Outlet />
      </div>
    </>
  );
}

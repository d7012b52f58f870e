import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { NavLink } from '@/views/components/link';
import { useSelector } from '@xstate/react';
import { selectIsDemoUser, selectUser } from '@/machines/identity/identity.selectors';
import { buildPath, type RouteName } from '@/lib/routes';
import { roleMayEnter } from '@/lib/route-access';
import { useRoot } from '@/views/root-context';
import { useAuth } from '@/views/hooks/use-auth';
import { BrandLink } from '@/views/layout/brand';
import { Button } from '@/views/layout/button';
import { UserMenu } from '@/views/layout/user-menu';
import * as styles from '@/views/layout/navbar.css';

type NavItem = { to: string; label: string; end?: boolean };

const NAV_ITEMS: readonly { name: RouteName; label: string }[] = [
  { name: 'dashboard', label: 'Dashboard' },
  { name: 'catalog', label: 'Catalog' },
  { name: 'livestreams', label: 'Livestreams' },
  { name: 'learning', label: 'My learning' },
  { name: 'community', label: 'Community' },
  { name: 'usage', label: 'Usage' },
];

/**
 * The main navigation: the routes the user's role may stay on (demo users browse; members learn;
 * school and district admins also see usage; a platform admin, whom the guard sends to the admin
 * site from any of them, none).
 */
function useNavItems(): NavItem[] {
  const { identity } = useRoot();
  const role = useSelector(identity, (s) => selectUser(s)?.role ?? null);
  if (!role) return [];
  return NAV_ITEMS.filter(({ name }) => roleMayEnter(name, role)).map(({ name, label }) => ({ to: buildPath(name), label, end: name === 'dashboard' }));
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
      {open ? (
        <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      ) : (
        <path d="M3 6h14M3 10h14M3 14h14" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      )}
    </svg>
  );
}

export function Navbar() {
  const { identity } = useRoot();
  const isDemo = useSelector(identity, selectIsDemoUser);
  const { register } = useAuth();
  const items = useNavItems();
  // Home is the dashboard, or for a platform admin (who may not stay there) the one page they may.
  const home = items[0]?.to ?? buildPath('statecharts');
  const [panelOpen, setPanelOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const location = useLocation();

  // Navigating closes the mobile panel.
  useEffect(() => setPanelOpen(false), [location.pathname]);

  useEffect(() => {
    if (!panelOpen) return;
    panelRef.current?.querySelector<HTMLElement>('a')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setPanelOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [panelOpen]);

  const onPanelKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setPanelOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = Array.from(panelRef.current?.querySelectorAll<HTMLElement>('a') ?? []);
    const index = links.indexOf(document.activeElement as HTMLElement);
    event.preventDefault();
    links[(index + (event.key === 'ArrowDown' ? 1 : -1) + links.length) % links.length]?.focus();
  };

  return (
    <header ref={headerRef} className={styles.bar}>
      <div className={styles.inner}>
        <BrandLink textClassName={styles.brandText} to={home} />
        <nav aria-label="Main" className={styles.desktopNav}>
          <ul className={styles.linkList}>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={styles.link}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.spacer} />
        <div className={styles.actions}>
          {isDemo && (
            <Button size="sm" className={styles.registerButton} onClick={register}>
              Register
            </Button>
          )}
          <UserMenu />
          <button
            ref={buttonRef}
            type="button"
            className={styles.menuButton}
            aria-expanded={panelOpen}
            aria-controls={panelOpen ? panelId : undefined}
            aria-label="Menu"
            onClick={() => setPanelOpen((open) => !open)}
          >
            <MenuIcon open={panelOpen} />
            <span className={styles.menuButtonLabel} aria-hidden="true">
              Menu
            </span>
          </button>
        </div>
      </div>
      {panelOpen && (
        <div ref={panelRef} id={panelId} className={styles.panel} onKeyDown={onPanelKeyDown}>
          <nav aria-label="Main">
            <ul className={styles.panelList}>
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={styles.panelLink} onClick={() => setPanelOpen(false)}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      )}
    </header>
  );
}

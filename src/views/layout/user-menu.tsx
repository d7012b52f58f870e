import { useId, useState } from 'react';
import { Link } from '@/views/components/link';
import { useSelector } from '@xstate/react';
import { buildPath, type RouteName } from '@/lib/routes';
import { roleMayEnter } from '@/lib/route-access';
import { selectRouteFlagOn } from '@/machines/flags/flags.selectors';
import { selectIsDemoUser, selectUser } from '@/machines/identity/identity.selectors';
import { useRoot } from '@/views/root-context';
import { useAuth } from '@/views/hooks/use-auth';
import { useHoverMenu } from '@/views/layout/use-hover-menu';
import * as styles from '@/views/layout/menu.css';
import { applyThemeChoice, readThemeChoice, THEME_CHOICES, type ThemeChoice } from '@/views/theme/theme-choice';

function initials(name: string): string {
  const parts = name.trim().split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

export function Chevron({ open }: { open: boolean }) {
  return (
    <svg className={[styles.chevron, open ? styles.chevronOpen : ''].join(' ')} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The account menu: Profile, Billing, Sign out (demo users: Register, Sign out), plus
 * Statecharts while its flag is on for the user, and the colour scheme (System, Light, Dark). Only routes the user's role may enter are
 * offered: elsewhere the navigation guard would send them away (a platform admin to /admin).
 */
export function UserMenu() {
  const { identity, flags } = useRoot();
  const user = useSelector(identity, selectUser);
  const isDemo = useSelector(identity, selectIsDemoUser);
  const showStatecharts = useSelector(flags, (snapshot) => selectRouteFlagOn(snapshot, 'statechart-viewer'));
  const mayOpen = (name: RouteName) => (user ? roleMayEnter(name, user.role) : false);
  const { logout, register } = useAuth();
  const { isOpen, close, rootProps, triggerProps, menuProps } = useHoverMenu();
  const menuId = useId();
  const triggerId = useId();
  const displayName = user ? user.fullName || user.email : 'Account';

  return (
    <div className={styles.root} {...rootProps}>
      <button
        id={triggerId}
        type="button"
        className={styles.trigger}
        aria-label={`Account menu, ${displayName}`}
        aria-controls={isOpen ? menuId : undefined}
        {...triggerProps}
      >
        <span className={styles.avatar} aria-hidden="true">
          {initials(displayName)}
        </span>
        <span className={styles.name}>{displayName}</span>
        <Chevron open={isOpen} />
      </button>
      {isOpen && (
        <div className={styles.popover}>
          <div className={styles.header}>
            <div className={styles.headerName}>{displayName}</div>
            {user?.email && user.email !== displayName && <div className={styles.headerEmail}>{user.email}</div>}
            {isDemo && <div className={styles.headerEmail}>Demo account</div>}
          </div>
          <div id={menuId} aria-labelledby={triggerId} className={styles.menu} {...menuProps}>
            {isDemo ? (
              <button type="button" role="menuitem" tabIndex={-1} className={styles.item} onClick={() => (close(false), register())}>
                Register
              </button>
            ) : (
              <>
                {mayOpen('profile') && (
                  <Link to={buildPath('profile')} role="menuitem" tabIndex={-1} className={styles.item} onClick={() => close(false)}>
                    Profile
                  </Link>
                )}
                {mayOpen('billing') && (
                  <Link to={buildPath('billing')} role="menuitem" tabIndex={-1} className={styles.item} onClick={() => close(false)}>
                    Billing
                  </Link>
                )}
              </>
            )}
            {showStatecharts && (
              <Link to={buildPath('statecharts')} role="menuitem" tabIndex={-1} className={styles.item} onClick={() => close(false)}>
                Statecharts
              </Link>
            )}
            <div role="separator" className={styles.separator} />
            <ThemeChoices />
            <div role="separator" className={styles.separator} />
            <button type="button" role="menuitem" tabIndex={-1} className={styles.item} onClick={() => (close(false), logout())}>
              Sign out
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** The colour scheme as three radio items in one row; choosing one keeps the menu open. */
function ThemeChoices() {
  const [choice, setChoice] = useState<ThemeChoice>(readThemeChoice);
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className={styles.themeGroup}>
      <span id={labelId} className={styles.groupLabel}>
        Theme
      </span>
      <div className={styles.segments}>
        {THEME_CHOICES.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            role="menuitemradio"
            aria-checked={choice === value}
            tabIndex={-1}
            className={styles.segment}
            onClick={() => {
              applyThemeChoice(value);
              setChoice(value);
            }}
          >
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}

import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

// The app's links: an <a> with the route's href that navigates inside the app on a plain click
// (a modified click, a middle click or target="_blank" stays the browser's), built on React
// Router's hooks. React Router's own <Link> also carries the framework mode's route prefetching,
// which this app does not use and which would otherwise sit on the first page (the router is
// one module: a component any screen renders is loaded before every screen).

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  /** Replaces the current history entry instead of pushing one. */
  replace?: boolean;
  /** History state for the destination. */
  state?: unknown;
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

export function Link({ to, replace, state, preventScrollReset, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target, preventScrollReset });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

/**
 * A navigation link that knows when its route is the current one: `aria-current="page"`, which
 * the navigation styles key on. Without `end`, the route's sub-paths count as current too.
 */
export function NavLink({ end = false, ...rest }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const target = useResolvedPath(rest.to).pathname;
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = pathname === target || (!end && pathname.startsWith(target) && pathname.charAt(slash) === '/');
  return <Link {...rest} aria-current={isActive ? 'page' : undefined} />;
}

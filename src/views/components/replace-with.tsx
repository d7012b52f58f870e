import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Replaces the current address with `to` once rendered (a redirect that leaves no history entry).
 * React Router's `<Navigate replace>` does the same, but using it from a lazy screen moves it into
 * the first page's shared chunk (0.2 KB over the first page's budget); `useNavigate` is there already.
 */
export function ReplaceWith({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

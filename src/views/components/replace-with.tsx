import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Replaces the current address with `to` once rendered (a redirect that leaves no history entry). */
export function ReplaceWith({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

import { useLocation } from 'wouter';

/** Navigate, replacing the entry when staying on the same page so Back still leaves it. */
export function useGoTo() {
  const [location, navigate] = useLocation();
  return (path: string) => navigate(path, { replace: path === location });
}

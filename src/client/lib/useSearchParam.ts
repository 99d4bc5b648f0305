/**
 * A piece of screen state kept in the address's query string, so that Back and Forward (and a
 * reload or a shared link) bring it back. Changing it replaces the history entry: Back does not
 * replay every letter typed.
 */
import { useLocation, useSearch } from 'wouter';

export function useSearchParam(name: string): [string, (value: string) => void] {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const value = new URLSearchParams(search).get(name) ?? '';
  const set = (next: string) => {
    const params = new URLSearchParams(search);
    if (next) params.set(name, next);
    else params.delete(name);
    const query = params.toString();
    navigate(query ? `${path}?${query}` : path, { replace: true });
  };
  return [value, set];
}

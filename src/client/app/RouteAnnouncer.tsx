/**
 * Gives each page its own tab title and, when the route changes inside the app, moves focus to
 * the new page's heading and says its name in a polite live region. The first page of a load
 * keeps focus where the browser put it (the sign-in form's fields stay the first Tab stops).
 * It also rescues focus whose element left the page (lib/pageFocus.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '../lib/auth.ts';
import { focusPageHeadingSoon, startFocusRescue } from '../lib/pageFocus.ts';
import { areaOf, documentTitle, OTHER_TITLES, routeTitle } from '../lib/paths.ts';
import { guard } from './guard.ts';

/** The page name the guard's decision shows for a path. */
export function pageName(path: string, token: string | null, role: unknown): string | null {
  const decision = guard(path, token, role);
  if (decision.kind === 'redirect') return null;
  if (decision.kind === 'signIn') return OTHER_TITLES.signIn;
  if (decision.kind === 'denied') return OTHER_TITLES.denied;
  if (decision.kind === 'directory') return decision.page === 'complete' ? OTHER_TITLES.directoryComplete : OTHER_TITLES.directoryFailed;
  return routeTitle(areaOf(path), path);
}

export function RouteAnnouncer() {
  const [path] = useLocation();
  const token = useAuth((state) => state.accessToken);
  const role = useAuth((state) => state.user?.role);
  const name = pageName(path, token, role);
  const shownPath = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(startFocusRescue, []);

  useEffect(() => {
    if (name === null) return;
    document.title = documentTitle(name);
    const first = shownPath.current === null;
    if (shownPath.current === path) return;
    shownPath.current = path;
    if (first) return;
    setAnnouncement(name);
    return focusPageHeadingSoon();
  }, [path, name]);

  return (
    <div role="status" aria-live="polite" className="visually-hidden">
      {announcement}
    </div>
  );
}

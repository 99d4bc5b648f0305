/** The router root: the guard of product.md#route-guard picks sign-in, a redirect, Access Denied or an area. */
import { Suspense, useLayoutEffect } from 'react';
import { Redirect, useLocation } from 'wouter';
import type { Role } from '../../shared/constants.ts';
import { AccessDeniedPage } from '../features/auth/pages/AccessDeniedPage.tsx';
import { DirectoryCompletePage } from '../features/auth/pages/DirectoryCompletePage.tsx';
import { DirectoryFailedPage } from '../features/auth/pages/DirectoryFailedPage.tsx';
import { SignInPage } from '../features/auth/pages/SignInPage.tsx';
import { proxySignIn } from '../features/auth/directory.ts';
import { knownAuthMethods, loadAuthMethods } from '../features/auth/methods.ts';
import { useAuth } from '../lib/auth.ts';
import { normalizeRole, SIGN_IN } from '../lib/paths.ts';
import { rememberReturnPath } from '../lib/returnPath.ts';
import { OfflineBanner } from '../components/OfflineBanner.tsx';
import { Toaster } from '../components/Toaster.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { guard } from './guard.ts';
import { lazyArea, type LazyArea } from './lazyArea.ts';
import { RouteAnnouncer } from './RouteAnnouncer.tsx';
import styles from './App.module.css';

const AREAS: Record<Role, LazyArea> = {
  super: lazyArea('AdminArea', typeof __BUNDLED__ !== 'undefined' ? undefined : () => import('./areas/AdminArea.tsx')),
  support: lazyArea('SupportArea', typeof __BUNDLED__ !== 'undefined' ? undefined : () => import('./areas/SupportArea.tsx')),
  developer: lazyArea('DeveloperArea', typeof __BUNDLED__ !== 'undefined' ? undefined : () => import('./areas/DeveloperArea.tsx')),
};

/** Loads the area the current address will show, if any, so the first render need not suspend. */
export function preloadCurrentArea(): Promise<unknown> {
  const { accessToken, user } = useAuth.getState();
  const decision = guard(window.location.pathname, accessToken, user?.role);
  return decision.kind === 'area' ? AREAS[decision.role].preload() : Promise.resolve();
}

/** How long the first paint waits for the sign-in methods when none are known yet (a first visit). */
const METHODS_WAIT_MS = 1500;

/**
 * Asks for the sign-in methods as the app starts, for whenever the sign-in screen shows. When
 * nobody is signed in, the first paint waits for them (so the directory's button does not pop in
 * above the form), and a trusted proxy signs the person in before anything shows
 * (docs/design.md#directory-sign-in).
 */
export async function prepareSignIn(): Promise<void> {
  const here = window.location;
  const loading = loadAuthMethods();
  if (useAuth.getState().accessToken || guard(here.pathname, null, undefined).kind === 'directory') return;
  // Known methods draw at once; a known proxy is confirmed first, since asking it is a sign-in.
  const known = knownAuthMethods();
  if (!known || known.proxy) await Promise.race([loading, new Promise((resolve) => setTimeout(resolve, METHODS_WAIT_MS))]);
  if (!knownAuthMethods()?.proxy) return;
  // The page opened is the page to return to, as if the guard had sent the person to sign in.
  rememberReturnPath(here.pathname + here.search + here.hash);
  const to = await proxySignIn();
  if (to !== undefined) window.history.replaceState(null, '', to);
}

/**
 * Loads the signed-in role's area; while the role is not known yet (the sign-in button was just
 * pressed) warms all three, so they arrive while the password is checked.
 */
function preloadArea(role?: string): Promise<unknown> {
  const known = normalizeRole(role);
  if (known) return AREAS[known].preload();
  return Promise.all(Object.values(AREAS).map((area) => area.warm()));
}

/** Off to sign in, remembering the page asked for (issue 13): sign-in returns there. */
function ToSignIn({ from }: { from: string }) {
  // `from` is read during render: Redirect's effect (a child's, so it runs first) changes the address.
  useLayoutEffect(() => rememberReturnPath(from), [from]);
  return <Redirect to={SIGN_IN} replace />;
}

function Screen() {
  const [path] = useLocation();
  const token = useAuth((state) => state.accessToken);
  const role = useAuth((state) => state.user?.role);
  const decision = guard(path, token, role);
  switch (decision.kind) {
    case 'signIn':
      return <SignInPage preloadArea={preloadArea} />;
    case 'redirect':
      if (!token && decision.to === SIGN_IN) return <ToSignIn from={window.location.pathname + window.location.search + window.location.hash} />;
      return <Redirect to={decision.to} replace />;
    case 'denied':
      return <AccessDeniedPage />;
    case 'directory':
      return decision.page === 'complete' ? <DirectoryCompletePage /> : <DirectoryFailedPage />;
    case 'area': {
      const Area = AREAS[decision.role];
      return (
        <Suspense fallback={<div className={styles.loading} aria-busy="true" data-area-loading="" />}>
          <Area />
        </Suspense>
      );
    }
  }
}

export function App() {
  return (
    <>
      <ErrorBoundary>
        <Screen />
      </ErrorBoundary>
      <RouteAnnouncer />
      <OfflineBanner />
      <Toaster />
    </>
  );
}

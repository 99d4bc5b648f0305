/** The router root: the guard of product.md#route-guard picks sign-in, a redirect, Access Denied or an area. */
import { Suspense } from 'react';
import { Redirect, useLocation } from 'wouter';
import type { Role } from '../../shared/constants.ts';
import { AccessDeniedPage } from '../features/auth/pages/AccessDeniedPage.tsx';
import { SignInPage } from '../features/auth/pages/SignInPage.tsx';
import { useAuth } from '../lib/auth.ts';
import { Toaster } from '../components/Toaster.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { guard } from './guard.ts';
import { lazyArea, type LazyArea } from './lazyArea.ts';
import { RouteAnnouncer } from './RouteAnnouncer.tsx';
import styles from './App.module.css';

const AREAS: Record<Role, LazyArea> = {
  super: lazyArea('AdminArea', () => import('./areas/AdminArea.tsx')),
  support: lazyArea('SupportArea', () => import('./areas/SupportArea.tsx')),
  developer: lazyArea('DeveloperArea', () => import('./areas/DeveloperArea.tsx')),
};

/** Loads the area the current address will show, if any, so the first render need not suspend. */
export function preloadCurrentArea(): Promise<unknown> {
  const { accessToken, user } = useAuth.getState();
  const decision = guard(window.location.pathname, accessToken, user?.role);
  return decision.kind === 'area' ? AREAS[decision.role].preload() : Promise.resolve();
}

function Screen() {
  const [path] = useLocation();
  const token = useAuth((state) => state.accessToken);
  const role = useAuth((state) => state.user?.role);
  const decision = guard(path, token, role);
  switch (decision.kind) {
    case 'signIn':
      return <SignInPage />;
    case 'redirect':
      return <Redirect to={decision.to} replace />;
    case 'denied':
      return <AccessDeniedPage />;
    case 'area': {
      const Area = AREAS[decision.role];
      return (
        <Suspense fallback={<div className={styles.loading} aria-busy="true" />}>
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
      <Toaster />
    </>
  );
}

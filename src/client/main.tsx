/** Entry: global styles, then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../styles/reset.css';
import '../../styles/tokens.css';
import '../../styles/base.css';
// Before the app: its history listener must run before wouter's (see scrollMemory.ts).
import './lib/scrollMemory.ts';
import { followThemeChanges } from './lib/theme.ts';
import { startRefetchTriggers } from './lib/refetchTriggers.ts';
import { App, prepareSignIn, preloadCurrentArea } from './app/App.tsx';
import { takeHandoff } from './features/auth/directory.ts';

// A directory sign-in's one-time handoff leaves the address bar before anything else happens.
takeHandoff();
followThemeChanges();
startRefetchTriggers();

// Neither is fatal: the sign-in screen then loads its methods, and the area its code, the usual way.
await prepareSignIn().catch(() => undefined);
await preloadCurrentArea().catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

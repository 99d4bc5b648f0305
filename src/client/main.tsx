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
import { App, preloadCurrentArea } from './app/App.tsx';

followThemeChanges();
startRefetchTriggers();

// A failed preload is not fatal: the area then loads (and reports errors) the usual way.
await preloadCurrentArea().catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

/** Entry: global styles, then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../styles/reset.css';
import '../../styles/tokens.css';
import '../../styles/base.css';
import { App } from './app/App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

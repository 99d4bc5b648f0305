/** Client test setup (vitest.config.ts): a clean DOM, storage, cache, session and toasts per test. */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useAuth } from '../../src/client/lib/auth.ts';
import { resetConnection } from '../../src/client/lib/connection.ts';
import { forgetSessionEnded } from '../../src/client/lib/sessionEnd.ts';
import { clearQueries } from '../../src/client/lib/query.ts';
import { toast } from '../../src/client/lib/toast.ts';

// The first render in a file loads an area chunk; on a busy 2-core CI machine that can take more
// than Testing Library's default 1 s.
// Every render runs under <StrictMode>, as main.tsx does: double renders and double effects expose
// side effects in render and subscriptions that do not clean up.
configure({ asyncUtilTimeout: 5000, reactStrictMode: true });

function reset() {
  useAuth.setState({ user: null, accessToken: null });
  localStorage.clear();
  sessionStorage.clear();
  clearQueries();
  toast.dismiss();
  forgetSessionEnded();
  resetConnection();
  window.history.replaceState(null, '', '/');
}

beforeEach(reset);

afterEach(() => {
  cleanup();
  reset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

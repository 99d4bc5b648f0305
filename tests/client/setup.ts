/** Client test setup (vitest.config.ts): a clean DOM, storage, cache, session and toasts per test. */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useAuth } from '../../src/client/lib/auth.ts';
import { clearQueries } from '../../src/client/lib/query.ts';
import { toast } from '../../src/client/lib/toast.ts';

function reset() {
  useAuth.setState({ user: null, accessToken: null, isAuthenticated: false });
  localStorage.clear();
  clearQueries();
  toast.dismiss();
  window.history.replaceState(null, '', '/');
}

beforeEach(reset);

afterEach(() => {
  cleanup();
  reset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

import { defineConfig } from 'vitest/config';

/** Vitest's default is one worker fewer than the cores: one on our 2-core machines. */
const IN_PROCESS_WORKERS = 2;

/**
 * One run, four suites: each keeps the environment it needs (docs/design.md#tests).
 * unit, server and client run their files on IN_PROCESS_WORKERS workers (each server test starts
 * its own server on port 0 over its own temporary directory; no test sets env or a fixed path).
 * e2e runs one journey file at a time (`maxWorkers: 1`; each file starts its own server and
 * Chromium) in a group of its own (`groupOrder: 1`), after the others: vitest gives one group one
 * worker count, so beside them it would run two journeys at once, to save at most the 1–3 minutes
 * the others take of a 7–9 minute run.
 */
export default defineConfig({
  // Vite 8 transforms TS/JSX with Oxc (its `esbuild` option is ignored under vitest).
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    env: { TZ: 'UTC' },
    maxWorkers: IN_PROCESS_WORKERS,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'server', include: ['tests/server/**/*.test.ts'], environment: 'node', testTimeout: 20_000 } },
      {
        extends: true,
        // Each wait inside a test stays bounded at 5 s (setup.ts); a whole test of several steps (55
        // cards rendered twice) passed 5 s on the shared machine at a load of 9, one worker or two.
        test: { name: 'client', include: ['tests/client/**/*.test.{ts,tsx}'], environment: 'happy-dom', setupFiles: ['tests/client/setup.ts'], testTimeout: 15_000 },
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 120_000, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});

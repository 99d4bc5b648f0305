/**
 * The ways in the server offers (`GET /auth/methods`, docs/design.md#directory-sign-in), for the
 * sign-in screen. Asked once as the app starts (App.tsx prepareSignIn; the first paint waits for
 * it briefly when nobody is signed in) and kept in localStorage, so the screen draws in its final
 * shape at once, also after a later sign-out, and never asks the network itself. Until an answer
 * exists, or when none can be had, the screen is SPEC's form alone.
 */
import { useSyncExternalStore } from 'react';
import type { AuthMethods } from '../../../shared/auth.ts';
import type { Envelope } from '../../../shared/types.ts';
import { cacheGeneration } from '../../lib/queryWatch.ts';
import { request } from '../../lib/request.ts';

const STORAGE_KEY = 'helpdesk.authMethods';
const PASSWORD_FOR = ['all', 'super', 'off'];

/** This page load's answer, per cache generation: a sign-in or sign-out (which clear the cache) asks again. */
let loaded: { generation: number; promise: Promise<AuthMethods | null> } | undefined;
/** The answer drawn: the stored copy parsed once per raw value, so snapshots stay the same object. */
let drawn: { raw: string | null; methods: AuthMethods | null } = { raw: null, methods: null };
const listeners = new Set<() => void>();

/** Only a well-formed answer is believed: anything else is SPEC's form alone. */
function parse(value: unknown): AuthMethods | null {
  if (!value || typeof value !== 'object') return null;
  const { password, password_for, oidc, proxy } = value as Record<string, unknown>;
  if (typeof password !== 'boolean' || typeof proxy !== 'boolean' || !PASSWORD_FOR.includes(password_for as string)) return null;
  const label = oidc && typeof oidc === 'object' ? (oidc as { label?: unknown }).label : undefined;
  if (oidc !== null && (typeof label !== 'string' || !label.trim())) return null;
  return { password, password_for: password_for as AuthMethods['password_for'], oidc: oidc === null ? null : { label: label as string }, proxy };
}

function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function store(methods: AuthMethods): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(methods));
  } catch {
    // Storage blocked: the next visit waits for the answer again.
  }
  for (const listener of [...listeners]) listener();
}

/** The methods as last known (stored), or null when none are known. */
export function knownAuthMethods(): AuthMethods | null {
  const raw = readStored();
  if (raw !== drawn.raw) {
    let methods: AuthMethods | null = null;
    try {
      methods = raw === null ? null : parse(JSON.parse(raw));
    } catch {
      methods = null;
    }
    drawn = { raw, methods };
  }
  return drawn.methods;
}

/** Asks the server once per cache generation; a failed answer keeps what is known (possibly nothing). */
export function loadAuthMethods(): Promise<AuthMethods | null> {
  const generation = cacheGeneration();
  if (loaded?.generation !== generation) {
    const promise = request<Envelope<unknown>>('/auth/methods', { auth: false }).then(
      (answer) => {
        const methods = parse(answer?.data);
        if (methods) store(methods);
        return methods ?? knownAuthMethods();
      },
      () => knownAuthMethods(),
    );
    loaded = { generation, promise };
  }
  return loaded.promise;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The methods to draw the sign-in screen with, as last known; an answer arriving later redraws it. */
export function useAuthMethods(): AuthMethods | null {
  return useSyncExternalStore(subscribe, knownAuthMethods);
}

/** People, lists and a pending-request helper shared by the admin screen tests. */
import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import type { Category, Service, User } from '../../../src/shared/types.ts';

// The first render in a file loads the lazy area chunk, which can take over the default second.
configure({ asyncUtilTimeout: 5000 });

export const ADMIN: User = { id: 1, first_name: 'Ada', last_name: 'Admin', email: 'ada@example.com', role: 'super', last_seen: null };
export const SUPPORT: User = {
  id: 2,
  first_name: 'Sam',
  last_name: 'Support',
  email: 'sam@example.com',
  role: 'support',
  last_seen: '2026-03-01T09:05:00Z',
};
export const DEV: User = { id: 3, first_name: 'Dora', last_name: 'Dev', email: 'dora@example.com', role: 'developer', last_seen: null };
export const OTHER_DEV: User = { id: 4, first_name: 'Otto', last_name: 'Other', email: 'otto@example.com', role: 'developer', last_seen: null };

export const STAFF = [ADMIN, SUPPORT, DEV, OTHER_DEV];
export const DEVELOPERS = [DEV, OTHER_DEV];

export const CATEGORIES: Category[] = [
  { id: 1, name: 'Hardware' },
  { id: 2, name: 'Payments' },
];

export const SERVICES: Service[] = [
  { id: 10, name: 'Checkout', app: 'shaq_app' },
  { id: 20, name: 'Delivery', app: 'shaq_express' },
];

export const list = <T>(items: T[]) => ({ body: { data: { list: items } } });
export const ok = (message: string, data: unknown = null) => ({ body: { message, data } });

/**
 * Holds back the answer to one 'METHOD /path' call until released, so that pending labels can
 * be seen. Install after fakeApi(): it wraps the fake fetch.
 */
export function holdRoute(key: string): () => void {
  const inner = globalThis.fetch;
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname.replace(/^\/api/, '')}` === key) await gate;
    return inner(input, init);
  });
  return release;
}

/** The table's header texts and each body row's cell texts. */
export function tableText(table: HTMLElement) {
  const headers = [...table.querySelectorAll('th')].map((th) => th.textContent);
  const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
  return { headers, rows };
}

/** The made-up organisation `npm run demo` creates: names, catalog and ticket wording. */
import type { App, Role } from '../shared/index.ts';

export const DEMO_PASSWORD = 'demo-password';

export const DEMO_STAFF: Array<{ first_name: string; last_name: string; role: Role }> = [
  { first_name: 'Grace', last_name: 'Hopper', role: 'super' },
  { first_name: 'Olivia', last_name: 'Brown', role: 'support' },
  { first_name: 'Sam', last_name: 'Carter', role: 'support' },
  { first_name: 'Priya', last_name: 'Natarajan', role: 'support' },
  { first_name: 'Tom', last_name: 'Nguyen', role: 'support' },
  { first_name: 'Dana', last_name: 'Kim', role: 'developer' },
  { first_name: 'Derek', last_name: 'Osei', role: 'developer' },
  { first_name: 'Lena', last_name: 'Fischer', role: 'developer' },
  { first_name: 'Marco', last_name: 'Rossi', role: 'developer' },
  { first_name: 'Aisha', last_name: 'Bello', role: 'developer' },
];

export const DEMO_CATEGORIES = ['Payments', 'Login & accounts', 'Orders', 'Delivery', 'Notifications', 'Performance', 'User interface', 'Reports'];

export const DEMO_SERVICES: Record<App, string[]> = {
  shaq_app: ['Checkout', 'Cart', 'Sign-up', 'Profile', 'Search', 'Push notifications'],
  shaq_express: ['Rider app', 'Dispatch', 'Live tracking', 'Pricing', 'Merchant portal', 'Payouts'],
};

export const PROBLEMS = [
  'crashes on open',
  'shows a blank screen',
  'is very slow since the last release',
  'rejects a valid card',
  'sends duplicate e-mails',
  'shows the wrong totals',
  'times out for some users',
  'logs users out at random',
  'shows the wrong language',
  'does not refresh after saving',
  'fails on older Android phones',
  'shows yesterday\u2019s data',
];

export const DETAILS = [
  'Several customers reported it through the support line this morning.',
  'It happens every time on the staging and production environments.',
  'Steps: open the screen, fill in the form, press the main button. Nothing happens.',
  'The problem started after the latest deployment; rolling back the client did not help.',
  'Screenshots from the customer are attached where available.',
  'Affects roughly one in ten sessions according to the error dashboard.',
];

/** A 1×1 PNG, so some demo tickets show an attachment. */
export const DEMO_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A small seeded generator, so the same count always gives the same data (useful for benchmarks). */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    between: (min: number, max: number) => min + next() * (max - min),
  };
}

/** The made-up organisation `npm run demo` creates: names, catalog and ticket wording. */
import type { AppName, Role } from '../shared/index.ts';

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

export const DEMO_SERVICES: Record<AppName, string[]> = {
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

/**
 * Words for ticket text, most common first. Demo text draws them with a Zipf-like skew, so a
 * search finds thousands of tickets for the first words and a handful for the last ones, as in
 * a real helpdesk (benchmarks search for words from each end: see DEMO_SEARCH_WORDS).
 */
export const VOCABULARY = [
  // common
  'customer', 'error', 'order', 'payment', 'screen', 'app', 'user', 'login', 'delivery', 'slow',
  'crash', 'button', 'update', 'refund', 'driver', 'account', 'card', 'failed', 'missing', 'wrong',
  'timeout', 'android', 'iphone', 'notification', 'address', 'receipt', 'password', 'merchant', 'invoice', 'map',
  // medium
  'voucher', 'discount', 'basket', 'wallet', 'subscription', 'rating', 'photo', 'upload', 'download', 'language',
  'currency', 'tax', 'coupon', 'barcode', 'scanner', 'tablet', 'browser', 'chrome', 'safari', 'firefox',
  'offline', 'sync', 'cache', 'cookie', 'session', 'token', 'redirect', 'webhook', 'export', 'import',
  'calendar', 'schedule', 'weekend', 'holiday', 'midnight', 'morning', 'evening', 'queue', 'backlog', 'spinner',
  'checkout', 'dropdown', 'checkbox', 'keyboard', 'autocomplete', 'geolocation', 'gps', 'bluetooth', 'camera', 'microphone',
  'battery', 'memory', 'storage', 'network', 'wifi', 'roaming', 'vpn', 'proxy', 'firewall', 'certificate',
  'duplicate', 'rounding', 'decimal', 'timezone', 'daylight', 'overflow', 'truncated', 'garbled', 'emoji', 'unicode',
  'accessibility', 'screenreader', 'contrast', 'darkmode', 'landscape', 'tooltip', 'pagination', 'filter', 'sorting', 'search',
  'tip', 'surcharge', 'deposit', 'chargeback', 'settlement', 'payout', 'ledger', 'reconciliation', 'audit', 'compliance',
  'rider', 'courier', 'dispatcher', 'warehouse', 'pickup', 'dropoff', 'eta', 'route', 'traffic', 'geofence',
  // rare
  'kiosk', 'tachograph', 'idempotency', 'nonce', 'checksum', 'serializer', 'deadlock', 'heisenbug', 'regression', 'flaky',
  'okapi', 'zanzibar', 'quixotic', 'marmalade', 'ziggurat', 'xylophone', 'juniper', 'kumquat', 'yodel', 'wombat',
  'lighthouse', 'pelican', 'sundial', 'trombone', 'origami', 'harpsichord', 'aubergine', 'quokka', 'narwhal', 'axolotl',
] as const;

/** Words to search for in benchmarks: very common, middling and rare in the demo text. */
export const DEMO_SEARCH_WORDS = { common: 'customer', medium: 'voucher', rare: 'narwhal' } as const;

const SHOP_SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'zu', 'ten', 'vor', 'bel', 'dra', 'nis', 'qu', 'po', 'san', 'tri', 'go', 'hel', 'jun', 'mar', 'ost', 'wy'];
const DEVICES = ['Pixel 6', 'Pixel 8', 'Galaxy S21', 'Galaxy A52', 'iPhone 12', 'iPhone 15', 'Redmi Note 11', 'Moto G84', 'iPad Air', 'OnePlus 9'];
const CITIES = ['Lagos', 'Nairobi', 'Accra', 'Kampala', 'Kigali', 'Dakar', 'Lusaka', 'Harare', 'Abuja', 'Mombasa', 'Kumasi', 'Arusha'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type Random = ReturnType<typeof seededRandom>;

/** Index in [0, size): small indexes far more often (log-uniform, close to Zipf's law). */
const skewed = (random: Random, size: number) => Math.min(size - 1, Math.floor(Math.exp(random.next() * Math.log(size + 1))) - 1);
export const word = (random: Random) => VOCABULARY[skewed(random, VOCABULARY.length)]!;
const shop = (random: Random) => {
  const n = 2 + Math.floor(random.next() * 2);
  let name = '';
  for (let i = 0; i < n; i++) name += random.pick(SHOP_SYLLABLES);
  return name[0]!.toUpperCase() + name.slice(1);
};

const SENTENCES: Array<(r: Random) => string> = [
  (r) => `The ${word(r)} ${word(r)} fails for a ${word(r)} at ${shop(r)} in ${r.pick(CITIES)}.`,
  (r) => `Seen on ${r.pick(DEVICES)} since ${r.pick(WEEKDAYS)}; the ${word(r)} shows the ${word(r)} twice.`,
  (r) => `Error code E${1000 + Math.floor(r.next() * 9000)} appears after the ${word(r)} step.`,
  (r) => `About ${2 + Math.floor(r.next() * 200)} orders are affected, mostly ${word(r)} and ${word(r)} ones.`,
  (r) => `Steps: open ${word(r)}, choose ${word(r)}, press ${word(r)}. Expected the ${word(r)} to update; nothing happens.`,
  (r) => `${shop(r)} called twice about the ${word(r)}; they want an answer before the ${word(r)} run.`,
  (r) => `Workaround for now: clear the ${word(r)} and sign in again.`,
];

/** A log excerpt pasted into a description: many lines, tabs and newlines only. */
function pastedLog(random: Random, lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const ms = Math.floor(random.next() * 86_400_000);
    out.push(`${new Date(ms).toISOString().slice(11, 23)}\t${random.pick(['INFO', 'WARN', 'ERROR'])}\t${word(random)}: ${word(random)} ${word(random)} (${Math.floor(random.next() * 1e6)})`);
  }
  return out.join('\n');
}

/** Demo descriptions stay within the stored limits (design.md#stored-limits): at most this many characters. */
export const DEMO_DESCRIPTION_MAX = 20_000;

export function demoDescription(random: Random): string {
  const parts = [random.pick(DETAILS)];
  const sentences = Math.floor(random.next() * 4);
  for (let i = 0; i < sentences; i++) parts.push(random.pick(SENTENCES)(random));
  let text = parts.join(' ');
  const roll = random.next();
  // A few people paste logs: one ticket in fifty has some, one in a thousand a long excerpt.
  if (roll < 0.001) text += `\n\nLog:\n${pastedLog(random, 200 + Math.floor(random.next() * 100))}`;
  else if (roll < 0.02) text += `\n\nLog:\n${pastedLog(random, 3 + Math.floor(random.next() * 10))}`;
  return text.length > DEMO_DESCRIPTION_MAX ? text.slice(0, DEMO_DESCRIPTION_MAX) : text;
}

export function demoTitle(random: Random, service: string): string {
  const roll = random.next();
  if (roll < 0.4) return `${service} ${random.pick(PROBLEMS)}`;
  if (roll < 0.8) return `${service}: ${word(random)} ${random.pick(PROBLEMS)}`;
  return `${service} ${random.pick(PROBLEMS)} for ${shop(random)}`;
}

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

/**
 * The work queue in headless Chromium at 4× CPU throttling (design.md#queue-wave-3): from the click
 * on a status chip or a table header to the first row of the new list, at 100,000 tickets. Each
 * round loads the list afresh (nothing cached), waits for its first rows, then clicks; the time
 * is taken inside the page, from a capturing click listener to the MutationObserver that sees
 * the expected first row (asked of the API beforehand, so a row that was already there never counts).
 * Usage: npm run bench -- queue (BENCH_QUEUE_TICKETS, BENCH_QUEUE_ROUNDS, CHROMIUM_PATH).
 */
import { chromium } from 'playwright-core';
import { rmSync } from 'node:fs';
import { median } from './load.mjs';
import { CHROMIUM_ARGS } from './browser.mjs';
import { ADMIN, run, serverEnv, signIn, startListening, stop, tempDataDir } from './processes.mjs';
import { printTable, saveResults } from './report.mjs';

const TICKETS = Number(process.env.BENCH_QUEUE_TICKETS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_QUEUE_ROUNDS ?? 5);
const CPU_SLOWDOWN = 4;
const START = '/admin/tickets?view=table';

/** Each change: what it clicks, and the API query whose first ticket its list shows first. */
const CHANGES = [
  { name: 'chip: Assigned off (opened only)', click: (page) => chipButton(page, 'Assigned'), api: 'status=opened' },
  { name: 'chip: Opened off (assigned only)', click: (page) => chipButton(page, 'Opened'), api: 'status=assigned' },
  { name: 'chip: Overdue on', click: (page) => chipButton(page, 'Overdue'), api: 'status=opened,assigned&due_before=TODAY' },
  { name: 'header: Priority', click: (page) => headerButton(page, 'Priority'), api: 'status=opened,assigned&sort=priority' },
  { name: 'header: Age (oldest first)', click: (page) => headerButton(page, 'Age'), api: 'status=opened,assigned&sort=oldest' },
];

const chipButton = (page, name) => page.getByRole('group', { name: 'Filter by status' }).getByRole('button', { name, exact: true });
const headerButton = (page, name) => page.getByRole('columnheader', { name, exact: true }).getByRole('button');
/** The viewer's day, as the Overdue chip asks for it. */
const today = (now = new Date()) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** Runs in the page: the click's time, and when the table's first row names `window.__expect`. */
function marks() {
  const times = (window.__bench = {});
  document.addEventListener('click', () => (times.click ??= performance.now()), true);
  new MutationObserver(() => {
    if (times.click === undefined || times.rows !== undefined || !window.__expect) return;
    const first = document.querySelector('tbody tr');
    if (first?.getAttribute('aria-label')?.startsWith(`${window.__expect} `)) times.rows = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['aria-label'] });
}

async function firstNumber(url, token, query) {
  const answer = await fetch(`${url}/api/tickets?${query.replace('TODAY', today())}&limit=1`, { headers: { Authorization: `Bearer ${token}` } });
  return (await answer.json()).data.list[0]?.number;
}

async function oneRound(context, change, expected) {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(START);
    const first = page.locator('tbody tr').first();
    await first.waitFor({ timeout: 120_000 });
    // Already first before the click: the change could not be seen, so it is not timed.
    if ((await first.getAttribute('aria-label'))?.startsWith(`${expected} `)) return undefined;
    await page.evaluate((number) => (window.__expect = number), expected);
    await change.click(page).click();
    await page.waitForFunction(() => window.__bench.rows !== undefined, null, { timeout: 120_000, polling: 20 });
    const times = await page.evaluate(() => window.__bench);
    return times.rows - times.click;
  } finally {
    await page.close();
  }
}

export async function benchQueue() {
  await run('build.mjs', [], process.env, { quiet: true });
  const dataDir = tempDataDir();
  const env = serverEnv(dataDir);
  await run('src/server/demo.ts', ['--tickets', String(TICKETS)], env, { quiet: true });
  const app = await startListening('src/server/main.ts', env);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  console.log(`\nQueue (headless Chromium, ${CPU_SLOWDOWN}× CPU throttling, ${TICKETS.toLocaleString('en')} tickets, median of ${ROUNDS} rounds after a warm-up)`);
  const figures = {};
  try {
    const token = await signIn(app.url);
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 800 } });
    await context.addInitScript(marks);
    // Signed in through the page once; the context keeps the session for every round.
    const page = await context.newPage();
    await page.goto('/');
    await page.fill('input[name="email"]', ADMIN.email);
    await page.fill('input[type="password"]', ADMIN.password);
    await page.click('button[type="submit"]');
    await page.waitForURL('**/admin');
    await page.close();
    for (const change of CHANGES) {
      const expected = await firstNumber(app.url, token, change.api);
      if (!expected) {
        console.log(`  ${change.name}: no ticket matches, skipped`);
        continue;
      }
      if ((await oneRound(context, change, expected)) === undefined) {
        console.log(`  ${change.name}: its first ticket is already first, skipped`);
        continue;
      }
      const rounds = [];
      for (let i = 0; i < ROUNDS; i++) rounds.push(await oneRound(context, change, expected));
      figures[change.name] = { median: median(rounds), max: Math.max(...rounds), rounds };
      console.log(`  ${change.name}: ${median(rounds).toFixed(0)} ms (max ${Math.max(...rounds).toFixed(0)} ms)`);
    }
  } finally {
    await browser.close();
    await stop(app.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  printTable('Queue: click → first row of the new list', ['change', 'median', 'max'], Object.entries(figures).map(([name, f]) => [name, `${f.median.toFixed(0)} ms`, `${f.max.toFixed(0)} ms`]));
  saveResults('queue', { tickets: TICKETS, cpuSlowdown: CPU_SLOWDOWN, rounds: ROUNDS, figures });
  return figures;
}

/**
 * The work queue in headless Chromium at 4× CPU throttling (design.md#queue-wave-3): from the click
 * on a status chip or a table header to the first row of the new list, at 100,000 tickets. Each
 * round loads the list afresh (nothing cached), waits for its first rows, then clicks; the time
 * is taken inside the page, from a capturing click listener to the frame after the
 * MutationObserver sees the expected first row (asked of the API beforehand, so a row that was
 * already there never counts), so layout and paint are in it. Two readings of the end: the end of
 * the task that painted the first frame with the row, from a Chromium trace (paint-trace.mjs: the
 * figure), and the older in-page one, a timer after that frame, which also counts whatever React
 * scheduled before the timer (the table's rows below the screen, rendered right after).
 * Usage: npm run bench -- queue-rows (BENCH_QUEUE_TICKETS, a list; BENCH_QUEUE_ROUNDS; CHROMIUM_PATH).
 */
import { median } from './load.mjs';
import { drawnAfter, traced } from './paint-trace.mjs';
import { benchEachSize, signInThroughForm } from './browser.mjs';
import { run, signIn, startDemoServer } from './processes.mjs';
import { printTable, saveResults } from './report.mjs';

/** 1,000 is the baseline of the same run: what 100,000 tickets add to the same clicks. */
const SIZES = (process.env.BENCH_QUEUE_TICKETS ?? '1000,100000').split(',').map(Number).filter((n) => n > 0);
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
  document.addEventListener(
    'click',
    () => {
      if (times.click === undefined) console.timeStamp('rows:click');
      times.click ??= performance.now();
    },
    true,
  );
  new MutationObserver(() => {
    if (times.click === undefined || times.rows !== undefined || !window.__expect) return;
    const first = document.querySelector('tbody tr');
    if (!first?.getAttribute('aria-label')?.startsWith(`${window.__expect} `)) return;
    times.rows = -1;
    console.timeStamp('rows:in');
    // Shown means painted: the frame that carries the rows, then the task after it.
    requestAnimationFrame(() => setTimeout(() => (times.rows = performance.now())));
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
    const target = change.click(page);
    await target.waitFor();
    const { events } = await traced(cdp, async () => {
      await target.click();
      await page.waitForFunction(() => window.__bench.rows > 0, null, { timeout: 120_000, polling: 20 });
    });
    // The list's page request sent after the click: how much of the wait was the server and the network.
    const times = await page.evaluate(() => {
      const page = performance.getEntriesByType('resource').find((entry) => entry.startTime >= window.__bench.click && /\/api\/tickets\?.*limit=50/.test(entry.name));
      return { ...window.__bench, request: page ? page.responseEnd - page.startTime : NaN };
    });
    return { total: drawnAfter(events, 'rows:click', 'rows:in').ms, timer: times.rows - times.click, request: times.request };
  } finally {
    await page.close();
  }
}

async function benchSize(browser, tickets) {
  const app = await startDemoServer(tickets);
  console.log(`  ${tickets.toLocaleString('en')} tickets:`);
  const figures = {};
  try {
    const token = await signIn(app.url);
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 800 } });
    await context.addInitScript(marks);
    // Signed in through the page once; the context keeps the session for every round.
    const page = await context.newPage();
    await signInThroughForm(page, app.url);
    await page.close();
    for (const change of CHANGES) {
      const expected = await firstNumber(app.url, token, change.api);
      if (!expected) {
        console.log(`    ${change.name}: no ticket matches, skipped`);
        continue;
      }
      if ((await oneRound(context, change, expected)) === undefined) {
        console.log(`    ${change.name}: its first ticket is already first, skipped`);
        continue;
      }
      const rounds = [];
      for (let i = 0; i < ROUNDS; i++) rounds.push(await oneRound(context, change, expected));
      const totals = rounds.map((round) => round.total);
      const timer = median(rounds.map((round) => round.timer));
      figures[change.name] = { median: median(totals), max: Math.max(...totals), timer, request: median(rounds.map((round) => round.request)), rounds };
      console.log(`    ${change.name}: ${median(totals).toFixed(0)} ms (max ${Math.max(...totals).toFixed(0)} ms; a timer after the frame ${timer.toFixed(0)} ms; the page request ${figures[change.name].request.toFixed(0)} ms)`);
    }
    await context.close();
  } finally {
    await app.close();
  }
  return figures;
}

export async function benchQueueRows() {
  await run('build.mjs', [], process.env, { quiet: true });
  console.log(`\nQueue (headless Chromium, ${CPU_SLOWDOWN}× CPU throttling, median of ${ROUNDS} rounds after a warm-up)`);
  const sizes = await benchEachSize(SIZES, benchSize);
  const rows = Object.entries(sizes).flatMap(([tickets, figures]) =>
    Object.entries(figures).map(([name, f]) => [`${Number(tickets).toLocaleString('en')}: ${name}`, `${f.median.toFixed(0)} ms`, `${f.max.toFixed(0)} ms`, `${f.timer.toFixed(0)} ms`, `${f.request.toFixed(0)} ms`]),
  );
  printTable('Queue: click → first row of the new list, painted', ['tickets: change', 'median', 'max', 'median, a timer after the frame', 'of which the page request'], rows);
  saveResults('queue-rows', { cpuSlowdown: CPU_SLOWDOWN, rounds: ROUNDS, sizes });
  return sizes;
}

/**
 * The queue's long list and the kiosk (issue 24), in headless Chromium with 4× CPU throttling:
 *  - "Show more" with 2,000 cards loaded, scrolled down to the button as a reader would be (the
 *    list settled, half a second to point at the button): from the click to the end of the paint of the first frame with the new page
 *    in ("N of M" counts it; the cards that come on screen render in the same commit), read from
 *    a Chromium trace (paint-trace.mjs), and the main-thread work in between. The page's fetch is
 *    in it only when the page read ahead (design.md#long-lists) had not arrived or was dropped;
 *  - the kiosk's page turn at 1920 × 1080: main-thread work of a turn (CDP Performance metrics
 *    over the turn, less the same span's idle work: the clock, the stream's pings), the longest
 *    task around the turn, and the longest task of the whole cycle (reading and rendering the
 *    next page ahead happens between turns).
 * Usage: npm run bench -- queue (BENCH_TICKETS 100000, BENCH_QUEUE_ROUNDS 5, BENCH_QUEUE_DETAIL=1 prints
 * script, layout and style time per click and per turn, CHROMIUM_PATH).
 */
import { launchChromium, signInThroughForm } from './browser.mjs';
import { median } from './load.mjs';
import { drawnAfter, traced } from './paint-trace.mjs';
import { run, startDemoServer } from './processes.mjs';
import { printTable, saveResults } from './report.mjs';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_QUEUE_ROUNDS ?? 5);
const CARDS = 2000;
const PAGE = 50;
const THROTTLE = 4;
const TURN_MS = 15_000;
const SHOW_MORE_TARGET_MS = 100;
const TURN_TARGET_MS = 50;
const CARD_ITEMS = 'main ul > li a[href^="/admin/ticket/"]';

async function signInPage(browser, url, viewport) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInThroughForm(page, url);
  return { context, page, cdp: await context.newCDPSession(page) };
}

const cardCount = (page) => page.evaluate((sel) => document.querySelectorAll(sel).length, CARD_ITEMS);
/** Cards loaded, as "N of M" under the list says (a windowed list renders only those on screen). */
function loadedIn() {
  const count = [...document.querySelectorAll('main span')].map((span) => span.textContent).find((text) => /^\d+ of \d+$/.test(text));
  return Number(count?.split(' ')[0] ?? 0);
}
const loadedCount = (page) => page.evaluate(loadedIn);
const taskSeconds = async (cdp) => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
const METRICS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'];
const metrics = async (cdp) => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.filter((m) => METRICS.includes(m.name)).map((m) => [m.name, m.value * 1000]));
const diff = (a, b) => Object.fromEntries(METRICS.map((name) => [name, Math.round(b[name] - a[name])]));

/** The least time a person takes to point at a button they just scrolled to. */
const POINTING_MS = 500;

/**
 * Scrolls down to Show more, as whoever clicks it is, and waits as they would: until the list is
 * done drawing around it (its rows beyond the screen render in the background), and while they
 * point at the button (the list reads its next page ahead meanwhile: design.md#long-lists).
 */
async function downToShowMore(page) {
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        [...document.querySelectorAll('button')].find((b) => b.textContent === 'Show more').scrollIntoView({ block: 'end' });
        requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(resolve, { timeout: 2000 })));
      }),
  );
  await page.waitForTimeout(POINTING_MS);
}

/** One click on Show more: click → the end of the paint of the first frame with the new page in (from a trace). */
async function timedShowMore(page, cdp) {
  const before = await loadedCount(page);
  await downToShowMore(page);
  const m0 = await metrics(cdp);
  const { events } = await traced(cdp, () =>
    page.evaluate(
      (want) =>
        new Promise((resolve) => {
          const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Show more');
          // loadedIn, again: a page function cannot call the driver's.
          const count = () => Number([...document.querySelectorAll('main span')].map((span) => span.textContent).find((text) => /^\d+ of \d+$/.test(text))?.split(' ')[0] ?? 0);
          const observer = new MutationObserver(() => {
            if (count() < want) return;
            observer.disconnect();
            console.timeStamp('show-more:in');
            requestAnimationFrame(() => setTimeout(resolve, 0));
          });
          observer.observe(document.querySelector('main'), { childList: true, characterData: true, subtree: true });
          console.timeStamp('show-more:click');
          button.click();
        }),
      before + PAGE,
    ),
  );
  const { ms, work } = drawnAfter(events, 'show-more:click', 'show-more:in');
  if (process.env.BENCH_QUEUE_DETAIL) console.log('  show more', Math.round(ms), JSON.stringify(diff(m0, await metrics(cdp))));
  return { ms, work };
}

async function benchShowMore(browser, url) {
  const { context, page, cdp } = await signInPage(browser, url, { width: 1280, height: 900 });
  try {
    await cdp.send('Performance.enable');
    await page.goto(`${url}/admin/tickets?status=opened,assigned,closed&view=cards`);
    await page.waitForSelector(CARD_ITEMS, { timeout: 60_000 });
    while ((await loadedCount(page)) < CARDS) await timedShowMore(page, cdp);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await timedShowMore(page, cdp); // warm-up under throttling
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await timedShowMore(page, cdp));
    return { cards: await loadedCount(page), rendered: await cardCount(page), ms: median(rounds.map((r) => r.ms)), work: median(rounds.map((r) => r.work)), rounds };
  } finally {
    await context.close();
  }
}

const kioskHeading = (page) => page.getByRole('heading', { name: /^Open and assigned/ }).textContent();

async function benchTurn(browser, url) {
  const { context, page, cdp } = await signInPage(browser, url, { width: 1920, height: 1080 });
  try {
    await cdp.send('Performance.enable');
    // Tasks over 50 ms, as the page sees them (the Long Tasks API): a turn should make none.
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${url}/admin/board?kiosk=1`);
    await page.getByRole('status').getByText('Live').waitFor({ timeout: 60_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    // Waits inside the page (one call, no polling: a driver's queries would count as the page's work).
    const waitTurn = () =>
      page.evaluate(
        () =>
          new Promise((resolve) => {
            const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent.startsWith('Open and assigned'));
            const observer = new MutationObserver(() => {
              observer.disconnect();
              const at = performance.now();
              // The turn's own tasks: from just before the new rows showed to just after (its effects, the read-ahead).
              setTimeout(() => resolve(Math.max(0, ...(window.__longTasks ?? []).filter((t) => t.startTime > at - 1000).map((t) => t.duration))), 1000);
            });
            observer.observe(heading, { childList: true, characterData: true, subtree: true });
          }),
      );
    await waitTurn(); // a first turn: the next page is now read ahead
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Idle: most of the span between two turns, then the turn itself, each per millisecond.
      const since = await page.evaluate(() => performance.now());
      const t0 = Date.now();
      const w0 = await taskSeconds(cdp);
      await page.waitForTimeout(TURN_MS - 3000);
      const t1 = Date.now();
      const w1 = await taskSeconds(cdp);
      const m1 = await metrics(cdp);
      const longest = await waitTurn();
      const t2 = Date.now();
      const w2 = await taskSeconds(cdp);
      if (process.env.BENCH_QUEUE_DETAIL) console.log('  turn', t2 - t1, 'ms span', JSON.stringify(diff(m1, await metrics(cdp))), 'idle', Math.round(((w1 - w0) * 1000) / (t1 - t0) * 1000), 'ms/s');
      const idlePerMs = ((w1 - w0) * 1000) / (t1 - t0);
      // Work done between turns (the page read ahead, rendered hidden) counts too: its longest task.
      const cycle = await page.evaluate((from) => Math.max(0, ...window.__longTasks.filter((t) => t.startTime >= from).map((t) => t.duration)), since);
      rounds.push({ work: Math.max(0, (w2 - w1) * 1000 - idlePerMs * (t2 - t1)), longest, cycle });
    }
    return {
      work: median(rounds.map((r) => r.work)),
      longest: Math.max(...rounds.map((r) => r.longest)),
      cycle: Math.max(...rounds.map((r) => r.cycle)),
      rounds,
      heading: await kioskHeading(page),
    };
  } finally {
    await context.close();
  }
}

export async function benchQueue() {
  await run('build.mjs', [], process.env, { quiet: true });
  const app = await startDemoServer(TICKETS);
  const browser = await launchChromium();
  console.log(`\nQueue (headless Chromium, ${THROTTLE}× CPU throttling, ${TICKETS.toLocaleString('en')} tickets, median of ${ROUNDS})`);
  try {
    const more = await benchShowMore(browser, app.url);
    const turn = await benchTurn(browser, app.url);
    const verdict = (value, target) => `≤ ${target} ms ${value <= target ? 'met' : 'MISSED'}`;
    const longTask = (ms) => (ms ? `${ms.toFixed(0)} ms` : 'none over 50 ms');
    printTable('Queue: long lists and the kiosk', ['', 'click → drawn', 'main-thread work', 'longest task', 'longest between turns', 'target'], [
      [`"Show more" with ${more.cards - PAGE} cards loaded (${more.rendered} rendered)`, `${more.ms.toFixed(0)} ms`, `${more.work.toFixed(0)} ms`, '', '', verdict(more.ms, SHOW_MORE_TARGET_MS)],
      ['kiosk page turn (1920 × 1080)', '', `${turn.work.toFixed(1)} ms`, longTask(turn.longest), longTask(turn.cycle), verdict(turn.longest, TURN_TARGET_MS)],
    ]);
    saveResults('queue', { tickets: TICKETS, throttle: THROTTLE, showMore: more, turn });
    return { more, turn };
  } finally {
    await browser.close();
    await app.close();
  }
}

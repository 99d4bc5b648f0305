/**
 * Headless Chromium (design.md#benchmarks): from the click on "Sign in" to the admin dashboard's first
 * ticket card, at 1,000 and at 100,000 tickets, beside the sign-in form's own appearance (from
 * navigation start) in the same run. Times are taken inside the page (a MutationObserver and a
 * capturing click listener), so the driver's polling adds nothing.
 * Usage: npm run bench -- browser (BENCH_TICKETS, BENCH_BROWSER_ROUNDS, CHROMIUM_PATH).
 */
import { chromium } from 'playwright-core';
import { median } from './load.mjs';
import { ADMIN, run, startDemoServer } from './processes.mjs';
import { printTable, saveResults } from './report.mjs';

const SIZES = (process.env.BENCH_TICKETS ?? '1000,100000').split(',').map((s) => Number(s.trim())).filter((n) => n > 0);
/** Sign-ins per size; the server allows 10 per account per 15 minutes, one round warms up. */
const ROUNDS = Math.min(8, Number(process.env.BENCH_BROWSER_ROUNDS ?? 5));
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const FORM = 'input[type="password"]';
const CARD = 'a[href^="/admin/ticket/"]';
const SIGN_IN_TIMEOUT_MS = 120_000;

/** Headless Chromium at CHROMIUM_PATH, as every browser bench starts it. */
export function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** `benchSize(browser, tickets)` for each of `sizes` in one Chromium: { [tickets]: its figures }. */
export async function benchEachSize(sizes, benchSize) {
  const browser = await launchChromium();
  const figures = {};
  try {
    for (const tickets of sizes) figures[tickets] = await benchSize(browser, tickets);
  } finally {
    await browser.close();
  }
  return figures;
}

/** Signs the bench's admin in through the form on `page` and waits for the dashboard. */
export async function signInThroughForm(page, url) {
  await page.goto(`${url}/`);
  await page.fill('input[name="email"]', ADMIN.email);
  await page.fill(FORM, ADMIN.password);
  await page.click('button[type="submit"]');
  await page.waitForURL((u) => u.pathname === '/admin', { timeout: SIGN_IN_TIMEOUT_MS });
}

/** Runs in every page before its scripts: when the form, the click and the first card happened. */
function marks([form, card]) {
  const times = (window.__bench = {});
  const mark = (name, selector) => {
    if (times[name] === undefined && document.querySelector(selector)) times[name] = performance.now();
  };
  new MutationObserver(() => {
    mark('form', form);
    mark('card', card);
  }).observe(document, { subtree: true, childList: true });
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('button[type="submit"]')) times.click = performance.now();
  }, true);
}

export async function oneRound(browser, url) {
  const context = await browser.newContext();
  try {
    await context.addInitScript(marks, [FORM, CARD]);
    const page = await context.newPage();
    await page.goto(`${url}/`, { waitUntil: 'commit' });
    await page.waitForSelector(FORM, { timeout: 60_000 });
    await page.fill('input[name="email"]', ADMIN.email);
    await page.fill(FORM, ADMIN.password);
    await page.click('button[type="submit"]');
    await page.waitForFunction(() => window.__bench.card !== undefined, null, { timeout: 120_000, polling: 20 });
    const times = await page.evaluate(() => window.__bench);
    return { form: times.form, dashboard: times.card - times.click };
  } finally {
    await context.close();
  }
}

async function benchSize(browser, tickets) {
  const app = await startDemoServer(tickets);
  try {
    await oneRound(browser, app.url); // warm-up: the server's first reads, Chromium's first launch of the page
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await oneRound(browser, app.url));
    const figures = { tickets, signInForm: median(rounds.map((r) => r.form)), dashboard: median(rounds.map((r) => r.dashboard)), rounds };
    console.log(`  ${tickets.toLocaleString('en')} tickets: sign-in form ${figures.signInForm.toFixed(0)} ms, sign-in click → first card ${figures.dashboard.toFixed(0)} ms`);
    return figures;
  } finally {
    await app.close();
  }
}

export async function benchBrowser() {
  await run('build.mjs', [], process.env, { quiet: true });
  console.log(`\nBrowser (headless Chromium, median of ${ROUNDS} rounds after a warm-up, a fresh browser context per round)`);
  const sizes = await benchEachSize(SIZES, benchSize);
  const [small] = Object.values(sizes);
  const rows = Object.values(sizes).map((s) => [
    `${s.tickets.toLocaleString('en')} tickets`,
    `${s.signInForm.toFixed(0)} ms`,
    `${s.dashboard.toFixed(0)} ms`,
    `${(s.dashboard / s.signInForm).toFixed(2)}×`,
    `${(s.dashboard / small.dashboard).toFixed(2)}×`,
  ]);
  printTable('Browser: admin dashboard', ['', 'sign-in form appears', 'sign-in click → first card', 'vs the form', `vs ${small.tickets.toLocaleString('en')} tickets`], rows);
  saveResults('browser', { rounds: ROUNDS, sizes });
  return sizes;
}

/**
 * Time until the admin dashboard shows its first ticket cards with 10,000 tickets (DESIGN §8),
 * beside the time the sign-in screen takes to show its form in the same run.
 */
import { chromium } from 'playwright-core';
import { ADMIN, run, serverEnv, signIn, startListening, tempDataDir } from './processes.mjs';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 10_000);
const ROUNDS = 5;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeUntil(context, url, selector) {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector(selector, { timeout: 60_000 });
  const ms = await page.evaluate(() => performance.now());
  await page.close();
  return ms;
}

export async function benchBrowser() {
  const dataDir = tempDataDir();
  const env = serverEnv(dataDir);
  await run('src/server/demo.ts', ['--tickets', String(TICKETS)], env);
  const app = await startListening('src/server/main.ts', env);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const token = await signIn(app.url);
    const me = await (await fetch(`${app.url}/api/users`, { headers: { authorization: `Bearer ${token}` } })).json();
    const user = me.data.list.find((u) => u.email === ADMIN.email);
    const signInTimes = [];
    const dashboardTimes = [];
    for (let i = 0; i < ROUNDS; i++) {
      const anonymous = await browser.newContext();
      signInTimes.push(await timeUntil(anonymous, `${app.url}/`, 'input[type="password"]'));
      await anonymous.close();
      const admin = await browser.newContext();
      await admin.addInitScript(([t, u]) => localStorage.setItem('Auth-token', JSON.stringify({ state: { accessToken: t, user: u }, version: 0 })), [token, user]);
      dashboardTimes.push(await timeUntil(admin, `${app.url}/admin`, 'a[href^="/admin/ticket/"]'));
      await admin.close();
    }
    const base = median(signInTimes);
    const dash = median(dashboardTimes);
    console.log(`\nBrowser (headless Chromium, median of ${ROUNDS}, cold cache per round)`);
    console.log(`sign-in form visible            ${base.toFixed(0)} ms`);
    console.log(`admin dashboard first cards     ${dash.toFixed(0)} ms  (${(dash / base).toFixed(2)}x sign-in, ${TICKETS} tickets)`);
    return { signIn: base, dashboard: dash };
  } finally {
    await browser.close();
    app.child.kill('SIGTERM');
  }
}

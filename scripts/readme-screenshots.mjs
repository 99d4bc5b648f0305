/**
 * The README's screenshots (docs/screenshots/), taken from the real app in headless Chromium:
 * a fresh data folder filled by `npm run demo`, the server started on a free port, the admin
 * signed in through the form. Usage: node scripts/readme-screenshots.mjs (DEMO_TICKETS, CHROMIUM_PATH).
 */
import { chromium } from 'playwright-core';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { CHROMIUM_ARGS } from '../bench/browser.mjs';
import { ADMIN, run, serverEnv, startListening, stop, tempDataDir } from '../bench/processes.mjs';

const OUT = 'docs/screenshots';
const TICKETS = Number(process.env.DEMO_TICKETS ?? 400);
/** GitHub shows them at their width; above this a README loads slowly on a phone. */
const MAX_BYTES = 200 * 1024;
/** Below this the list's toolbar is the phone's (lib/useMediaQuery.ts). */
const PHONE_MAX_PX = 767;
/** The navigation's view counts and the fonts come in just after the list. */
const SETTLE_MS = 1_000;

const SHOTS = [
  { file: 'queue-table-1280-light.png', path: '/admin/tickets?view=table', viewport: { width: 1280, height: 760 }, colorScheme: 'light' },
  { file: 'queue-table-1280-dark.png', path: '/admin/tickets?view=table', viewport: { width: 1280, height: 760 }, colorScheme: 'dark' },
  { file: 'queue-phone-390.png', path: '/admin/tickets?view=cards', viewport: { width: 390, height: 844 }, colorScheme: 'light' },
];

async function shoot(browser, url, shot) {
  const context = await browser.newContext({ baseURL: url, viewport: shot.viewport, colorScheme: shot.colorScheme, reducedMotion: 'reduce' });
  const page = await context.newPage();
  try {
    await page.goto('/');
    await page.fill('input[name="email"]', ADMIN.email);
    await page.fill('input[type="password"]', ADMIN.password);
    await page.click('button[type="submit"]');
    await page.waitForURL('**/admin');
    await page.goto(shot.path);
    await page.locator(shot.path.includes('table') ? 'tbody tr' : 'main ul > li').first().waitFor();
    // The chips' counts are in (on a phone they sit in the Filters sheet), so nothing is still loading in the picture.
    if (shot.viewport.width > PHONE_MAX_PX) await page.locator('button[data-status="overdue"] span').first().waitFor();
    await page.waitForTimeout(SETTLE_MS);
    const path = `${OUT}/${shot.file}`;
    await page.screenshot({ path });
    const bytes = statSync(path).size;
    console.log(`${path}: ${(bytes / 1024).toFixed(0)} KB${bytes > MAX_BYTES ? ' (over 200 KB)' : ''}`);
  } finally {
    await context.close();
  }
}

mkdirSync(OUT, { recursive: true });
await run('build.mjs', [], process.env, { quiet: true });
const dataDir = tempDataDir();
const env = serverEnv(dataDir);
await run('src/server/demo.ts', ['--tickets', String(TICKETS)], env, { quiet: true });
const app = await startListening('src/server/main.ts', env);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  for (const shot of SHOTS) await shoot(browser, app.url, shot);
} finally {
  await browser.close();
  await stop(app.child);
  rmSync(dataDir, { recursive: true, force: true });
}

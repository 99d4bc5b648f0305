/**
 * The README's screenshots (docs/screenshots/), taken from the real app in headless Chromium:
 * a fresh data folder filled by `npm run demo`, the server started on a free port, the admin
 * signed in through the form. Usage: node scripts/readme-screenshots.mjs (DEMO_TICKETS, CHROMIUM_PATH).
 */
import { mkdirSync, statSync } from 'node:fs';
import { launchChromium, signInThroughForm } from '../bench/browser.mjs';
import { run, startDemoServer } from '../bench/processes.mjs';

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
    await signInThroughForm(page, url);
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
const app = await startDemoServer(TICKETS);
const browser = await launchChromium();
try {
  for (const shot of SHOTS) await shoot(browser, app.url, shot);
} finally {
  await browser.close();
  await app.close();
}

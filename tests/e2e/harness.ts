/**
 * The end-to-end harness: one real server (fresh database) and one Chromium per journey file,
 * a new browser context per user; screenshots of every screen under tests/e2e/screenshots/ when
 * SCREENSHOTS=1 asks for them, of every open page whenever a step fails.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { Api } from './api.ts';
import { ROOT, startServer, type RunningServer } from './server.ts';

export { ADMIN } from './server.ts';
export { Api, CAST, TINY_PNG } from './api.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH);

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Full-page screenshots cost seconds per journey: taken only when asked (failures always are). */
export const TAKE_SCREENSHOTS = process.env.SCREENSHOTS === '1';

/** How long a locator may take to appear before the step fails. */
export const STEP_TIMEOUT_MS = 10_000;

/** `describe` for a journey: skipped, saying so plainly, where no Chromium is found. */
export function journeyDescribe(name: string, body: () => void): void {
  if (!HAS_CHROMIUM) {
    console.warn(
      `e2e: skipping "${name}": no Chromium at ${CHROMIUM_PATH}. Install Debian's chromium or set CHROMIUM_PATH to a Chromium binary.`,
    );
  }
  describe.skipIf(!HAS_CHROMIUM)(name, body);
}

export interface Journey {
  /** The running server's origin, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly api: Api;
  readonly browser: Browser;
  /** Moves the server's clock forward (the journey's env must say TEST_CLOCK: 'stdin'). */
  advanceClock(ms: number): Promise<void>;
  /** Stops the server and starts it again on the same port and data (server.ts); `whileDown` runs in between. */
  restartServer(whileDown?: () => Promise<void>): Promise<void>;
  /** A fresh context (its own localStorage) and page; closed after the file. */
  newPage(options?: { viewport?: { width: number; height: number }; copyStorageFrom?: Page }): Promise<Page>;
  /** Saves tests/e2e/screenshots/<journey>/<name>.png when SCREENSHOTS=1. */
  screenshot(page: Page, name: string): Promise<void>;
}

/** Registers beforeAll/afterAll for a journey file; use inside journeyDescribe. */
export function setupJourney(slug: string, options: { env?: Record<string, string> } = {}): Journey {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let api: Api | undefined;
  const contexts: BrowserContext[] = [];
  const shotDir = join(ROOT, 'tests/e2e/screenshots', slug);
  let shotCount = 0;

  beforeAll(async () => {
    await rm(shotDir, { recursive: true, force: true });
    if (TAKE_SCREENSHOTS) await mkdir(shotDir, { recursive: true });
    [server, browser] = await Promise.all([
      startServer(options.env),
      chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }),
    ]);
    api = new Api(server.url);
  });

  // A failing step leaves a picture of every open page, to see what the user saw.
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    const name = context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    let n = 0;
    for (const browserContext of contexts) {
      for (const page of browserContext.pages()) {
        n += 1;
        await page.screenshot({ path: join(shotDir, `FAILED-${name}-${n}.png`), fullPage: true }).catch(() => {});
        console.warn(`[${slug}] at failure, page ${n} was on ${page.url()}`);
      }
    }
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close().catch(() => {});
    await server?.stop();
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} did not start (see beforeAll)`);
    return value;
  };

  return {
    get url() {
      return need(server, 'server').url;
    },
    get api() {
      return need(api, 'server');
    },
    get browser() {
      return need(browser, 'browser');
    },
    advanceClock: (ms) => need(server, 'server').advanceClock(ms),
    restartServer: (whileDown) => need(server, 'server').restart(whileDown),
    async newPage(options = {}) {
      const context = await need(browser, 'browser').newContext({
        baseURL: need(server, 'server').url,
        viewport: options.viewport ?? { width: 1280, height: 900 },
        // Another device holding the same session: the same localStorage, but not shared.
        storageState: options.copyStorageFrom ? await options.copyStorageFrom.context().storageState() : undefined,
      });
      context.setDefaultTimeout(STEP_TIMEOUT_MS);
      context.setDefaultNavigationTimeout(20_000);
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.warn(`[${slug}] page error: ${error.message}`));
      return page;
    },
    async screenshot(page, name) {
      if (!TAKE_SCREENSHOTS) return;
      shotCount += 1;
      const file = join(shotDir, `${String(shotCount).padStart(2, '0')}-${name}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch((error: Error) => {
        console.warn(`[${slug}] screenshot ${name} failed: ${error.message}`);
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Page helpers

/** Waits until the locator is visible; fails the step after STEP_TIMEOUT_MS. */
export async function visible(locator: Locator, timeout = STEP_TIMEOUT_MS): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator.first();
}

/** Waits until the locator is gone (hidden or detached). */
export async function gone(locator: Locator, timeout = STEP_TIMEOUT_MS): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** The path part of the page's URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export async function waitForPath(page: Page, path: string | RegExp, timeout = STEP_TIMEOUT_MS): Promise<void> {
  await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)), { timeout });
}

/** Fills the sign-in form at / and submits it. Does not wait for the redirect. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  if (pathOf(page) !== '/' || page.url() === 'about:blank') await page.goto('/');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in|log in|login/i }).click();
}

/** Signs in through the UI and waits until the app has left the sign-in page. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await submitSignIn(page, email, password);
  await waitForPath(page, (/^\/(admin|support|developer)/));
}

/** What the app persisted under localStorage 'Auth-token' (zustand persist), or null. */
export async function storedAuth(page: Page): Promise<{ accessToken: string | null; user: { role: string; first_name: string } | null } | null> {
  const raw = await page.evaluate(() => window.localStorage.getItem('Auth-token'));
  if (!raw) return null;
  const parsed = JSON.parse(raw);
  const state = parsed?.state ?? parsed;
  return { accessToken: state?.accessToken ?? null, user: state?.user ?? null };
}

/** The first non-transparent background colour of the element or its ancestors. */
export async function backgroundOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour && colour !== 'transparent' && colour !== 'rgba(0, 0, 0, 0)') return colour;
    }
    return 'transparent';
  });
}

export async function colourOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).color);
}

export const RED = 'rgb(255, 0, 0)';
export const GREEN = 'rgb(76, 175, 80)';
export const WHITE = 'rgb(255, 255, 255)';

/** The log line format of product.md#log-entry: '@name: action ticket at Mon D, YYYY hh:mm'. */
export const LOG_LINE = /^@\w+: (opened|assigned|unassigned|closed) ticket at [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/;

/** Waits for running finite animations and transitions (a dialog, a toast, the navigation sliding) to end. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** lib/scrollMemory.ts's sessionStorage key for the page's address. */
const SCROLL_MEMORY_PREFIX = 'helpdesk.scroll:';

/**
 * Scrolls the page to the bottom and waits until the app has remembered that position (it saves
 * on the frame after a scroll); answers the position.
 */
export async function scrollToBottomRemembered(page: Page): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect
    .poll(() =>
      page.evaluate((prefix) => {
        const saved = JSON.parse(sessionStorage.getItem(prefix + location.pathname + location.search) ?? 'null') as { y?: number } | null;
        return saved?.y === window.scrollY;
      }, SCROLL_MEMORY_PREFIX),
    )
    .toBe(true);
  return page.evaluate(() => window.scrollY);
}

/** A confirmation or form dialog showing the given text. */
export function dialogWith(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: text });
}

/** A toggle (All/My Tickets, Assigned/All Tickets): a tab or a button with that name. */
export function toggle(page: Page, name: string): Locator {
  return page.getByRole('tab', { name, exact: true }).or(page.getByRole('button', { name, exact: true }));
}

/** A ticket card: a link whose accessible name carries the ticket title. */
export function card(page: Page, title: string): Locator {
  return page.getByRole('link', { name: new RegExp(escapeRegExp(title)) });
}

/** The toast area (bottom right). */
export function toasts(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications' });
}

/** A toast showing exactly this text. */
export function toastWith(page: Page, text: string): Locator {
  return toasts(page).getByText(text, { exact: true });
}

/** The number shown on a dashboard tile (a group named by its label); NaN while unknown. */
export async function tileCount(page: Page, label: string): Promise<number> {
  const tile = page.getByRole('group', { name: label, exact: true });
  await tile.waitFor({ state: 'visible' });
  const text = (await tile.innerText()).replace(label, '');
  const match = /\d+/.exec(text);
  return match ? Number(match[0]) : Number.NaN;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The activity log's lines (product.md#log-entry) on the ticket's timeline, once it shows at least
 * `atLeast` of them: each entry's log line, without the assignee shown beside an assignment.
 */
export async function logLines(page: Page, atLeast: number): Promise<string[]> {
  const items = page.getByRole('region', { name: 'Activity' }).locator('li[data-action] [data-log-line]');
  await expect.poll(() => items.count(), { timeout: STEP_TIMEOUT_MS }).toBeGreaterThanOrEqual(atLeast);
  return (await items.allInnerTexts()).map((line) => line.trim());
}

/** The ticket's status as shown by its badge (text beside the colour). */
export function statusText(page: Page, status: string): Locator {
  return page.getByText(new RegExp(`^${status}$`, 'i'));
}

/** Visible and at least partly inside the viewport (a slid-out panel is off screen). */
export async function onScreen(locator: Locator): Promise<boolean> {
  if (!(await locator.isVisible())) return false;
  const box = await locator.boundingBox();
  const size = locator.page().viewportSize();
  if (!box || !size) return false;
  const inside = box.x + box.width > 0 && box.y + box.height > 0 && box.x < size.width && box.y < size.height;
  if (!inside) return false;
  // Hidden behind nothing: the element itself is what is hit at its centre.
  return locator.evaluate((element, point) => {
    const hit = document.elementFromPoint(point.x, point.y);
    return hit !== null && (element === hit || element.contains(hit));
  }, { x: Math.min(Math.max(box.x + box.width / 2, 0), size.width - 1), y: Math.min(Math.max(box.y + box.height / 2, 0), size.height - 1) });
}

/** Screenshots `<name>-light` and `<name>-dark`; leaves the page light. */
export async function screenshotBothThemes(j: Journey, page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await j.screenshot(page, `${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The page scrolls no wider than `width`. */
export async function expectFitsWidth(page: Page, width: number, where: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(width);
}

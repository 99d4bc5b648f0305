/**
 * Journey 17 (issue 13): axe-core finds no WCAG 2.2 A/AA violation on any screen of any role, at
 * 1280 and 390 px, in the light and the dark theme; the one exception is the toast colours of
 * product.md#toasts
 * (axe.ts, docs/accessibility.md). Every rule runs at each width in light; dark swaps only
 * colours, so there the colour rules run (axe.ts COLOUR_RULES). The theme is switched the way a
 * device does it: the system's colour scheme (emulated) while the choice is System; the stored
 * Dark choice applies before the app's code runs. With SCREENSHOTS=1, every screen in dark lands
 * in tests/e2e/screenshots/17-accessibility/.
 *
 * SCREENS is the one list of what is checked: add a row for a new screen or state.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeScan, describeViolations } from './axe.ts';
import {
  ADMIN, CAST, TINY_PNG, dialogWith, gone, journeyDescribe, setupJourney, signIn, submitSignIn, toasts, visible,
} from './harness.ts';
import { seedTicket, seedWorld, type World } from './seed.ts';

type Who = 'guest' | 'super' | 'support' | 'developer';
type Scheme = 'light' | 'dark';
const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;
type Width = keyof typeof WIDTHS;
const SCHEMES: readonly Scheme[] = ['light', 'dark'];
const ROLE_TIMEOUT_MS = 600_000;

/** The tickets every screen reads: one in each state, one the admin made (only the creator edits). */
interface Tickets {
  opened: string;
  assigned: string;
  closed: string;
  adminOwn: string;
}

interface Screen {
  name: string;
  who: Who;
  path(tickets: Tickets): string;
  /** Brings the screen to the state to check (waits for its content, opens its dialog...). */
  ready(page: Page): Promise<unknown>;
  /** Only at these widths (the admin's slide-out navigation is a phone thing). @default both */
  widths?: readonly Width[];
  /** A toast in product.md#toasts' colours shows, so the documented exception must have been used. @default false */
  toast?: boolean;
}

const heading = (page: Page) => visible(page.locator('h1'));
const loaded = async (page: Page) => {
  await heading(page);
  await gone(page.getByText('Loading', { exact: true }));
};
const click = (page: Page, role: 'button' | 'link' | 'menuitem', name: string) => page.getByRole(role, { name, exact: true }).first().click();

/** Cards or table: in the toolbar, or on a phone in the Filters sheet (closed again after the choice). */
async function chooseLayout(page: Page, name: 'Table' | 'Cards') {
  if (await page.getByRole('button', { name, exact: true }).isVisible()) return click(page, 'button', name);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog', { name: 'Filters' }).count()).toBe(0);
}
const openDialog = async (page: Page, button: string, text: string | RegExp) => {
  await loaded(page);
  await click(page, 'button', button);
  await visible(dialogWith(page, text));
};
const openAccountMenu = async (page: Page) => {
  await loaded(page);
  await click(page, 'button', 'Account menu');
  await visible(page.getByRole('menu'));
};
const fromAccountMenu = async (page: Page, item: string) => {
  await openAccountMenu(page);
  await click(page, 'menuitem', item);
  await visible(dialogWith(page, item));
};
/** Keeps the toasts on screen while they are checked: hovering pauses their timers (product.md#toasts). */
const holdToast = async (page: Page, text: RegExp) => {
  const toast = await visible(toasts(page).getByRole('listitem').filter({ hasText: text }));
  await toast.hover();
};

/** Every screen of every role, with the dialogs, menus and messages that can show on it. */
const SCREENS: readonly Screen[] = [
  { name: 'sign-in', who: 'guest', path: () => '/', ready: heading },
  {
    name: 'sign-in-error-toast', who: 'guest', path: () => '/', toast: true,
    ready: async (page) => {
      await submitSignIn(page, CAST.support.email, 'Wrong-password-1');
      await holdToast(page, /./);
    },
  },

  { name: 'support-home', who: 'support', path: () => '/support', ready: loaded },
  { name: 'support-my-tickets', who: 'support', path: () => '/support', ready: async (page) => { await loaded(page); await page.getByRole('button', { name: 'My Tickets', exact: true }).click(); await loaded(page); } },
  { name: 'support-create', who: 'support', path: () => '/support/create-ticket', ready: heading },
  {
    name: 'support-create-errors', who: 'support', path: () => '/support/create-ticket',
    ready: async (page) => {
      await heading(page);
      await page.locator('form button[type="submit"]').click();
      await visible(page.getByText('Tittle must be at least 2 characters.'));
    },
  },
  { name: 'support-edit', who: 'support', path: (t) => `/support/edit-ticket/${t.opened}`, ready: loaded },
  { name: 'support-details', who: 'support', path: (t) => `/support/ticket-details/${t.opened}`, ready: loaded },
  { name: 'support-details-open-confirm', who: 'support', path: (t) => `/support/ticket-details/${t.closed}`, ready: (page) => openDialog(page, 'Open', /./) },
  { name: 'support-account-menu', who: 'support', path: () => '/support', ready: openAccountMenu },
  { name: 'support-edit-profile', who: 'support', path: () => '/support', ready: (page) => fromAccountMenu(page, 'Edit profile') },
  { name: 'support-change-password', who: 'support', path: () => '/support', ready: (page) => fromAccountMenu(page, 'Change password') },
  { name: 'support-not-found', who: 'support', path: () => '/support/no-such-page', ready: heading },
  { name: 'support-access-denied', who: 'support', path: () => '/admin', ready: heading },

  { name: 'developer-home', who: 'developer', path: () => '/developer', ready: loaded },
  { name: 'developer-details', who: 'developer', path: (t) => `/developer/ticket-details/${t.assigned}`, ready: loaded },
  { name: 'developer-assign-self-confirm', who: 'developer', path: (t) => `/developer/ticket-details/${t.opened}`, ready: (page) => openDialog(page, 'Assign to self', /./) },
  { name: 'developer-close-confirm', who: 'developer', path: (t) => `/developer/ticket-details/${t.assigned}`, ready: (page) => openDialog(page, 'Close', /./) },
  { name: 'developer-board', who: 'developer', path: () => '/developer/board', ready: loaded },

  { name: 'admin-dashboard', who: 'super', path: () => '/admin', ready: loaded },
  { name: 'admin-tickets', who: 'super', path: () => '/admin/tickets', ready: loaded },
  { name: 'admin-tickets-table', who: 'super', path: () => '/admin/tickets', ready: async (page) => { await loaded(page); await chooseLayout(page, 'Table'); await visible(page.getByRole('grid').or(page.getByRole('table'))); } },
  { name: 'admin-details', who: 'super', path: (t) => `/admin/ticket/${t.opened}`, ready: loaded },
  { name: 'admin-assign-dialog', who: 'super', path: (t) => `/admin/ticket/${t.opened}`, ready: (page) => openDialog(page, 'Assign', /./) },
  { name: 'admin-close-confirm', who: 'super', path: (t) => `/admin/ticket/${t.assigned}`, ready: (page) => openDialog(page, 'Close Ticket', /./) },
  { name: 'admin-edit-ticket', who: 'super', path: (t) => `/admin/edit-ticket/${t.adminOwn}`, ready: loaded },
  { name: 'admin-create-ticket', who: 'super', path: () => '/admin/create-ticket', ready: heading },
  { name: 'admin-staff', who: 'super', path: () => '/admin/staff', ready: loaded },
  { name: 'admin-staff-reset-password', who: 'super', path: () => '/admin/staff', ready: (page) => openDialog(page, `Change password of ${CAST.dev2.first_name}`, 'Change password') },
  { name: 'admin-staff-delete-confirm', who: 'super', path: () => '/admin/staff', ready: (page) => openDialog(page, `Delete ${CAST.dev2.first_name}`, 'Are you sure') },
  { name: 'admin-create-account', who: 'super', path: () => '/admin/create-account', ready: heading },
  { name: 'admin-developers', who: 'super', path: () => '/admin/developer', ready: loaded },
  { name: 'admin-categories', who: 'super', path: () => '/admin/category', ready: loaded },
  { name: 'admin-edit-category', who: 'super', path: () => '/admin/category', ready: (page) => openDialog(page, 'Edit Payments', /./) },
  { name: 'admin-create-category', who: 'super', path: () => '/admin/create-category', ready: heading },
  { name: 'admin-services', who: 'super', path: () => '/admin/service', ready: loaded },
  { name: 'admin-edit-service', who: 'super', path: () => '/admin/service', ready: (page) => openDialog(page, 'Edit Checkout', /./) },
  { name: 'admin-create-service', who: 'super', path: () => '/admin/create-service', ready: heading },
  { name: 'admin-board', who: 'super', path: () => '/admin/board', ready: loaded },
  { name: 'admin-reports', who: 'super', path: () => '/admin/reports', ready: loaded },
  { name: 'admin-account-menu', who: 'super', path: () => '/admin', ready: openAccountMenu },
  { name: 'admin-change-password', who: 'super', path: () => '/admin', ready: (page) => fromAccountMenu(page, 'Change password') },
  {
    name: 'admin-success-toast', who: 'super', path: () => '/admin', toast: true,
    ready: async (page) => {
      await fromAccountMenu(page, 'Edit profile');
      await dialogWith(page, 'Edit profile').getByRole('button', { name: 'Save' }).click();
      await holdToast(page, /./);
    },
  },
  {
    name: 'admin-phone-navigation', who: 'super', path: () => '/admin', widths: ['phone'],
    ready: async (page) => {
      await loaded(page);
      await click(page, 'button', 'Open navigation');
      await visible(page.getByRole('button', { name: 'Close navigation' }));
    },
  },
];

journeyDescribe('journey 17: every screen is axe-clean in both themes and at both widths', () => {
  const j = setupJourney('17-accessibility');
  let world: World;
  let tickets: Tickets;
  const pages = new Map<Who, Page>();

  beforeAll(async () => {
    world = await seedWorld(j.api);
    const image = `data:image/png;base64,${TINY_PNG.toString('base64')}`;
    const opened = await j.api.createTicket(world.support.token, {
      title: 'Payment page freezes', description: 'The customer cannot finish the payment step.', priority: 'high',
      category_id: world.category.id, service_id: world.consumerService.id, app: 'shaq_app', link: 'https://example.com/report/1', image,
    });
    const assigned = await seedTicket(j.api, world, world.support, 'Refund stuck in pending', 'medium');
    const closed = await seedTicket(j.api, world, world.support, 'Login loop on Android', 'low');
    const adminOwn = await seedTicket(j.api, world, world.admin, 'Courier map shows the wrong city', 'medium');
    await j.api.patchTicket(world.dev1.token, assigned.number, { status: 'assigned', developer_id: world.dev1.id });
    await j.api.patchTicket(world.dev1.token, closed.number, { status: 'assigned', developer_id: world.dev1.id });
    await j.api.patchTicket(world.dev1.token, closed.number, { status: 'closed' });
    for (const [user, body] of [[world.support, 'Seen on two phones since this morning.'], [world.dev1, 'Looking at the logs now.']] as const) {
      await j.api.ok('POST', `/tickets/${assigned.number}/comments`, { token: user.token, json: { body } });
      await j.api.ok('POST', `/tickets/${opened.number}/comments`, { token: user.token, json: { body } });
    }
    tickets = { opened: opened.number, assigned: assigned.number, closed: closed.number, adminOwn: adminOwn.number };
  });

  /** One browser context per role, signed in once; the screens reuse it. */
  async function pageOf(who: Who): Promise<Page> {
    const known = pages.get(who);
    if (known) return known;
    const page = await j.newPage();
    const account = { super: ADMIN, support: CAST.support, developer: CAST.dev1 }[who as Exclude<Who, 'guest'>];
    if (account) await signIn(page, account.email, account.password);
    pages.set(who, page);
    return page;
  }

  /** Follows the (emulated) system scheme, as the default System choice does. */
  async function showScheme(page: Page, scheme: Scheme): Promise<void> {
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
  }

  async function check(screen: Screen): Promise<string[]> {
    const page = await pageOf(screen.who);
    const failures: string[] = [];
    for (const width of screen.widths ?? (Object.keys(WIDTHS) as Width[])) {
      await page.setViewportSize(WIDTHS[width]);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(screen.path(tickets));
      try {
        await screen.ready(page);
      } catch (error) {
        failures.push(`${screen.name} @${WIDTHS[width].width}px: could not be brought up: ${(error as Error).message.split('\n')[0]}`);
        await j.screenshot(page, `${screen.name}-${WIDTHS[width].width}-NOT-READY`);
        continue;
      }
      for (const scheme of SCHEMES) {
        await showScheme(page, scheme);
        const where = `${screen.name} @${WIDTHS[width].width}px ${scheme}`;
        // The first theme at each width gets every rule; the other theme only changes colours.
        const { violations, exceptedToasts } = await axeScan(page, scheme === SCHEMES[0] ? 'all' : 'colour');
        if (violations.length > 0) failures.push(describeViolations(where, violations));
        if (Boolean(screen.toast) !== exceptedToasts > 0) failures.push(`${where}: the product.md#toasts colour exception was ${exceptedToasts > 0 ? 'used' : 'not used'}`);
        if (scheme === 'dark') await j.screenshot(page, `${screen.name}-${WIDTHS[width].width}-dark`);
      }
    }
    return failures;
  }

  for (const who of ['guest', 'support', 'developer', 'super'] as const) {
    test(`${who}: every screen has no WCAG 2.2 A/AA violation, light and dark, 1280 and 390 px`, async () => {
      const failures: string[] = [];
      for (const screen of SCREENS.filter((row) => row.who === who)) failures.push(...(await check(screen)));
      expect(failures.join('\n')).toBe('');
    }, ROLE_TIMEOUT_MS);
  }

  test('the account menu offers Light, Dark and System; Dark is remembered and applies before the app runs', async () => {
    const page = await j.newPage();
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page, CAST.dev2.email, CAST.dev2.password);
    await openAccountMenu(page);
    const group = page.getByRole('group', { name: 'Theme' });
    expect(await group.getByRole('menuitemradio').allInnerTexts()).toEqual(['Light', 'Dark', 'System'].map((label) => expect.stringContaining(label)));
    expect(await group.getByRole('menuitemradio', { name: 'System' }).getAttribute('aria-checked')).toBe('true');

    await group.getByRole('menuitemradio', { name: 'Dark' }).click();
    expect(await group.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor)).toBe('rgb(13, 17, 23)');

    // With the app's own code blocked, only the boot script can have set the theme.
    await page.route(/\/assets\/main-[^/]+\.js$/, (route) => route.abort());
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.unroute(/\/assets\/main-[^/]+\.js$/);

    await page.reload();
    await openAccountMenu(page);
    await page.getByRole('group', { name: 'Theme' }).getByRole('menuitemradio', { name: 'Light' }).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.getByRole('group', { name: 'Theme' }).getByRole('menuitemradio', { name: 'System' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  });
});

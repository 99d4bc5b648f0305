/**
 * Journey 1: the admin signs in, creates categories, services for both apps, a support and two
 * developer accounts through the UI; the dashboard tiles count them.
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ADMIN, CAST, GREEN, backgroundOf, card, journeyDescribe, pathOf, setupJourney, signIn, tileCount, toastWith, visible, waitForPath,
} from './harness.ts';

const CATEGORIES = ['Payments', 'Delivery issues'];
const SERVICES = [
  { name: 'Checkout', app: 'Consumer app' },
  { name: 'Rider tracking', app: 'Express app' },
];
const ACCOUNTS = [
  { ...CAST.support, roleLabel: 'Support' },
  { ...CAST.dev1, roleLabel: 'Developer' },
  { ...CAST.dev2, roleLabel: 'Developer' },
];

journeyDescribe('journey 1: admin sets up the helpdesk', () => {
  const j = setupJourney('01-admin-setup');
  let page: Page;

  async function tiles() {
    return {
      tickets: await tileCount(page, 'Total Tickets'),
      staff: await tileCount(page, 'Staffs'),
      developers: await tileCount(page, 'Developers'),
      categories: await tileCount(page, 'Categories'),
    };
  }

  async function dashboard() {
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await waitForPath(page, '/admin');
    await expect.poll(async () => Object.values(await tiles()).every(Number.isFinite)).toBe(true);
    return tiles();
  }

  let before: Awaited<ReturnType<typeof tiles>>;

  test('the admin signs in and lands on the dashboard with its header', async () => {
    page = await j.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    expect(pathOf(page)).toBe('/admin');
    await visible(page.getByRole('heading', { name: 'Dashboard' }));
    const header = page.getByRole('banner');
    await visible(header.getByText(ADMIN.firstName, { exact: true }));
    await visible(header.getByText('Super', { exact: true }));
    // On a fresh database: no tickets, no categories, no developers; the admin is the only staff.
    before = await dashboard();
    expect(before).toEqual({ tickets: 0, staff: 1, developers: 0, categories: 0 });
    await visible(page.getByText('You have no Ticket.', { exact: true }));
    await j.screenshot(page, 'dashboard-empty');
  });

  test('creates categories through /admin/create-category', async () => {
    await page.getByRole('link', { name: 'Categories', exact: true }).click();
    await waitForPath(page, '/admin/category');
    await visible(page.getByText('No category, create a Category.', { exact: true }));
    await j.screenshot(page, 'categories-empty');
    for (const name of CATEGORIES) {
      await page.getByRole('link', { name: /create category/i }).click();
      await waitForPath(page, '/admin/create-category');
      await page.getByLabel('Category name').fill(name);
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await waitForPath(page, '/admin/category');
      await visible(page.getByRole('cell', { name, exact: true }));
    }
    const toast = await visible(toastWith(page, 'Category created successfully'));
    expect(await backgroundOf(toast)).toBe(GREEN);
    await j.screenshot(page, 'categories');
  });

  test('creates services for both apps through /admin/create-service', async () => {
    await page.getByRole('link', { name: 'Services', exact: true }).click();
    await waitForPath(page, '/admin/service');
    await visible(page.getByText('No Services, create a service.', { exact: true }));
    for (const service of SERVICES) {
      await page.goto('/admin/create-service');
      await page.getByLabel('Service name').fill(service.name);
      await page.getByLabel('App', { exact: true }).selectOption({ label: service.app });
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await waitForPath(page, '/admin/service');
      await visible(toastWith(page, 'Service created successfully'));
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: service.name, exact: true }) });
      await visible(row.getByRole('cell', { name: service.app, exact: true }));
    }
    await j.screenshot(page, 'services');
  });

  test('creates a support and two developer accounts through /admin/create-account', async () => {
    await page.getByRole('link', { name: 'Staff', exact: true }).click();
    await waitForPath(page, '/admin/staff');
    for (const account of ACCOUNTS) {
      await page.getByRole('button', { name: 'Create Account' }).click();
      await waitForPath(page, '/admin/create-account');
      await page.getByLabel('First name').fill(account.first_name);
      await page.getByLabel('Last name').fill(account.last_name);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Role').selectOption({ label: account.roleLabel });
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await waitForPath(page, '/admin/staff');
      await visible(toastWith(page, 'Account created successfully'));
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: account.email, exact: true }) });
      await visible(row.getByRole('cell', { name: account.roleLabel, exact: true }));
    }
    await j.screenshot(page, 'staff');

    // The admin navigation has no Developers entry (product.md#admin-area): the route is opened directly.
    await page.goto('/admin/developer');
    await visible(page.getByRole('cell', { name: new RegExp(CAST.dev1.first_name) }));
    await visible(page.getByRole('cell', { name: new RegExp(CAST.dev2.first_name) }));
    await j.screenshot(page, 'developers');
  });

  test('creates a ticket through /admin/create-ticket and lands on /admin/tickets', async () => {
    await page.getByRole('link', { name: 'Create Ticket', exact: true }).click();
    await waitForPath(page, '/admin/create-ticket');
    await visible(page.getByRole('heading', { name: 'Create a Ticket' }));
    await page.getByLabel('App', { exact: true }).selectOption({ label: 'Express app' });
    const service = page.getByLabel('Service', { exact: true });
    expect(await service.locator('option').allTextContents()).not.toContain('Checkout');
    await service.selectOption({ label: 'Rider tracking' });
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Delivery issues' });
    await page.getByLabel('Priority', { exact: true }).selectOption({ label: 'Low' });
    await page.getByLabel('Title').fill('Rider map stuck');
    await page.getByLabel('Description').fill('The rider position stops updating after a minute.');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await waitForPath(page, '/admin/tickets');
    await visible(toastWith(page, 'Ticket created successfully'));
    await visible(card(page, 'Rider map stuck'));
    await j.screenshot(page, 'admin-tickets');
  });

  test('the dashboard tiles count what was created', async () => {
    const after = await dashboard();
    await visible(card(page, 'Rider map stuck'));
    expect(after).toEqual({
      tickets: 1,
      staff: before.staff + ACCOUNTS.length,
      developers: 2,
      categories: CATEGORIES.length,
    });
    await j.screenshot(page, 'dashboard-counted');

    // The accounts work: the support user can sign in with the password the admin set.
    const support = await j.api.signIn(CAST.support.email, CAST.support.password);
    expect(support.role).toBe('support');
  });
});

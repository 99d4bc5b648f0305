import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';
import { ADMIN, CATEGORIES, holdRoute, list, ok, tableText } from './helpers.ts';

const signIn = () => signInAs(ADMIN);
/** The server refuses the name: its field error and its message. */
const NAME_TAKEN = {
  'POST /config/categories': {
    status: 422,
    body: { message: 'This category already exists.', errors: { name: ['This category already exists.'] } },
  },
};

describe('categories table', () => {
  test('shows ID, Category and Actions with edit and delete per row', async () => {
    fakeApi({ 'GET /config/categories': list(CATEGORIES) });
    signIn();
    renderApp('/admin/category');
    const table = await screen.findByRole('table');
    const { headers, rows } = tableText(table);
    expect(headers).toEqual(['ID', 'Category', 'Actions']);
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      ['1', 'Hardware'],
      ['2', 'Payments'],
    ]);
    screen.getByRole('button', { name: 'Edit Hardware' });
    screen.getByRole('button', { name: 'Delete Payments' });
    expect(screen.getByRole('link', { name: 'Create Category' }).getAttribute('href')).toBe('/admin/create-category');
  });

  test('shows the noCat empty state when there are none', async () => {
    fakeApi({ 'GET /config/categories': list([]) });
    signIn();
    renderApp('/admin/category');
    await screen.findByText('No category, create a Category.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  test("shows 'Loading' and then the error followed by an ellipsis", async () => {
    fakeApi({ 'GET /config/categories': { status: 403, body: { message: 'This action is unauthorized.' } } });
    signIn();
    renderApp('/admin/category');
    await screen.findByText('Loading');
    await screen.findByText('This action is unauthorized....', {}, { timeout: 10_000 });
  }, 15_000);
});

describe('create category', () => {
  test('needs at least 3 characters, then posts JSON, toasts, refreshes and goes to /admin/category', async () => {
    let categories = CATEGORIES;
    const server = fakeApi({
      'GET /config/categories': () => list(categories),
      'POST /config/categories': (req) => {
        categories = [...categories, { id: 3, name: (req.body as { name: string }).name }];
        return ok('Category created successfully', categories[2]);
      },
    });
    signIn();
    renderApp('/admin/create-category');
    const name = await screen.findByLabelText('Category name');
    fireEvent.change(name, { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Category must be at least 3 characters.');
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(name, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Category created successfully');
    expect(window.location.pathname).toBe('/admin/category');
    await screen.findByText('abc');
    const post = server.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/config/categories');
    expect(post.headers['content-type']).toContain('application/json');
    expect(post.body).toEqual({ name: 'abc' });
  });

  test('shows the server field error under the field and the message in a toast', async () => {
    fakeApi(NAME_TAKEN);
    signIn();
    renderApp('/admin/create-category');
    fireEvent.change(await screen.findByLabelText('Category name'), { target: { value: 'Hardware' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getAllByText('This category already exists.')).toHaveLength(2));
    expect(window.location.pathname).toBe('/admin/create-category');
  });

  test("the field's own rule comes before the server's error once the value breaks it", async () => {
    fakeApi(NAME_TAKEN);
    signIn();
    renderApp('/admin/create-category');
    const name = await screen.findByLabelText('Category name');
    fireEvent.change(name, { target: { value: 'Hardware' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const fieldError = () => document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent;
    await waitFor(() => expect(fieldError()).toBe('This category already exists.'));
    fireEvent.change(name, { target: { value: 'ab' } });
    expect(fieldError()).toBe('Category must be at least 3 characters.');
  });
});

describe('edit and delete category', () => {
  test('edit opens a dialog prefilled with the name and PATCHes the new one', async () => {
    const server = fakeApi({
      'GET /config/categories': list(CATEGORIES),
      'PATCH /config/categories/1': ok('Category updated successfully', { id: 1, name: 'Devices' }),
    });
    signIn();
    renderApp('/admin/category');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Hardware' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Category' });
    const name = within(dialog).getByLabelText('Category name') as HTMLInputElement;
    expect(name.value).toBe('Hardware');
    fireEvent.change(name, { target: { value: 'Devices' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Category updated successfully');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.location.pathname).toBe('/admin/category');
    expect(server.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ name: 'Devices' });
    // the list was fetched again after the change
    expect(server.calls.filter((c) => c.method === 'GET' && c.path === '/config/categories').length).toBeGreaterThan(1);
  });

  test("delete asks with Cancel and Yes, shows 'Deleting...' while pending, then deletes", async () => {
    const server = fakeApi({
      'GET /config/categories': list(CATEGORIES),
      'DELETE /config/categories/2': ok('Category deleted successfully'),
    });
    const release = holdRoute('DELETE /config/categories/2');
    signIn();
    renderApp('/admin/category');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Payments' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete this category?' });
    within(dialog).getByRole('button', { name: 'Cancel' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await within(dialog).findByRole('button', { name: 'Deleting...' });
    release();
    await screen.findByText('Category deleted successfully');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/config/categories/2')).toBe(true);
  });

  test('Cancel closes the confirmation without deleting', async () => {
    const server = fakeApi({ 'GET /config/categories': list(CATEGORIES) });
    signIn();
    renderApp('/admin/category');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Hardware' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { navigate } from 'wouter/use-browser-location';
import { describe, expect, test } from 'vitest';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';
import { ADMIN, SERVICES, holdRoute, list, ok, tableText } from './helpers.ts';

describe('services table', () => {
  test('shows ID, Service, App (as its label) and Actions', async () => {
    fakeApi({ 'GET /config/services': list(SERVICES) });
    signInAs(ADMIN);
    renderApp('/admin/service');
    const { headers, rows } = tableText(await screen.findByRole('table'));
    expect(headers).toEqual(['ID', 'Service', 'App', 'Actions']);
    expect(rows.map((r) => r.slice(0, 3))).toEqual([
      ['10', 'Checkout', 'Consumer app'],
      ['20', 'Delivery', 'Express app'],
    ]);
    screen.getByRole('button', { name: 'Edit Checkout' });
    expect(screen.getByRole('link', { name: 'Create Service' }).getAttribute('href')).toBe('/admin/create-service');
  });

  test('shows the noService empty state', async () => {
    fakeApi({ 'GET /config/services': list([]) });
    signInAs(ADMIN);
    renderApp('/admin/service');
    await screen.findByText('No Services, create a service.');
  });
});

describe('create service', () => {
  test('needs a 3-character name and an app, then posts JSON and goes to /admin/service', async () => {
    const server = fakeApi({
      'GET /config/services': list(SERVICES),
      'POST /config/services': ok('Service created successfully', { id: 30, name: 'Map', app: 'shaq_express' }),
    });
    signInAs(ADMIN);
    renderApp('/admin/create-service');
    const name = await screen.findByLabelText('Service name');
    const app = screen.getByLabelText('App') as HTMLSelectElement;
    expect([...app.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Select app'],
      ['shaq_app', 'Consumer app'],
      ['shaq_express', 'Express app'],
    ]);
    fireEvent.change(name, { target: { value: 'Ma' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Service must be at least 3 characters.');
    screen.getByText('app must be selected');

    fireEvent.change(name, { target: { value: 'Map' } });
    fireEvent.change(app, { target: { value: 'shaq_express' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Service created successfully');
    expect(window.location.pathname).toBe('/admin/service');
    const post = server.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/config/services');
    expect(post.body).toEqual({ name: 'Map', app: 'shaq_express' });
  });

  test("shows the server's field error under the App select", async () => {
    fakeApi({
      'GET /config/services': list(SERVICES),
      'POST /config/services': { status: 422, body: { message: 'The given data was invalid.', errors: { app: ['The selected app is invalid.'] } } },
    });
    signInAs(ADMIN);
    renderApp('/admin/create-service');
    fireEvent.change(await screen.findByLabelText('Service name'), { target: { value: 'Map' } });
    const app = screen.getByLabelText('App');
    fireEvent.change(app, { target: { value: 'shaq_app' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(document.getElementById(app.getAttribute('aria-describedby') ?? '')?.textContent).toBe('The selected app is invalid.'));
    expect(window.location.pathname).toBe('/admin/create-service');
  });

  test('moving from the create-category form to this one starts an empty form', async () => {
    fakeApi({ 'GET /config/services': list(SERVICES) });
    signInAs(ADMIN);
    renderApp('/admin/create-category');
    fireEvent.change(await screen.findByLabelText('Category name'), { target: { value: 'Typed' } });
    act(() => navigate('/admin/create-service'));
    expect(((await screen.findByLabelText('Service name')) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('heading', { level: 1, name: 'Create Service' })).toBeTruthy();
  });

  test('Cancel goes back to the table without sending', async () => {
    const server = fakeApi({ 'GET /config/services': list(SERVICES) });
    signInAs(ADMIN);
    renderApp('/admin/create-service');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(window.location.pathname).toBe('/admin/service');
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('edit and delete service', () => {
  test('edit changes name and app in a dialog and PATCHes both', async () => {
    const server = fakeApi({
      'GET /config/services': list(SERVICES),
      'PATCH /config/services/10': ok('Service updated successfully'),
    });
    signInAs(ADMIN);
    renderApp('/admin/service');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Checkout' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Service' });
    expect((within(dialog).getByLabelText('App') as HTMLSelectElement).value).toBe('shaq_app');
    fireEvent.change(within(dialog).getByLabelText('Service name'), { target: { value: 'Basket' } });
    fireEvent.change(within(dialog).getByLabelText('App'), { target: { value: 'shaq_express' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Service updated successfully');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ name: 'Basket', app: 'shaq_express' });
  });

  test("delete asks 'Are you sure you want to delete this Sevice?' and shows 'Deleting...'", async () => {
    const server = fakeApi({
      'GET /config/services': list(SERVICES),
      'DELETE /config/services/20': ok('Service deleted successfully'),
    });
    const release = holdRoute('DELETE /config/services/20');
    signInAs(ADMIN);
    renderApp('/admin/service');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Delivery' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete this Sevice?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await within(dialog).findByRole('button', { name: 'Deleting...' });
    release();
    await screen.findByText('Service deleted successfully');
    expect(window.location.pathname).toBe('/admin/service');
    expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/config/services/20')).toBe(true);
  });

  test('a failed delete shows the error in a toast and keeps the row', async () => {
    fakeApi({
      'GET /config/services': list(SERVICES),
      'DELETE /config/services/20': { status: 500, body: { message: 'Server error.' } },
    });
    signInAs(ADMIN);
    renderApp('/admin/service');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Delivery' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await screen.findByText('Server error.');
    screen.getByText('Delivery');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../fakeApi.ts';
import { ADMIN } from './fixtures.ts';
import { fillValidTicket, openCreateForm } from './createForm.ts';
import { imageFile } from './imageFiles.ts';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const change = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const optionLabels = (label: string) => within(field(label)).getAllByRole('option').map((o) => o.textContent);
const posts = (server: ReturnType<typeof fakeApi>) => server.calls.filter((call) => call.method === 'POST');

afterEach(() => vi.restoreAllMocks());

describe('create ticket', () => {
  it("is headed 'Create a Ticket' and shows the service selector only after an app is chosen", async () => {
    openCreateForm();
    await screen.findByRole('heading', { name: 'Create a Ticket' });
    expect(screen.queryByLabelText('Service')).toBeNull();
    await screen.findByRole('option', { name: 'Consumer app' });
    change('App', 'shaq_app');
    await waitFor(() => expect(optionLabels('Service')).toEqual(['Select a service', 'Checkout', 'Wallet']));
    change('App', 'shaq_express');
    expect(optionLabels('Service')).toEqual(['Select a service', 'Delivery']);
  });

  it('changing the app clears the chosen service', async () => {
    const server = openCreateForm();
    await fillValidTicket();
    change('App', 'shaq_express');
    expect(field('Service').value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('service must be selected');
    expect(posts(server)).toHaveLength(0);
  });

  it('shows every validation message verbatim and sends nothing', async () => {
    const server = openCreateForm();
    await screen.findByRole('heading', { name: 'Create a Ticket' });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    for (const message of [
      'app must be selected',
      'service must be selected',
      'category must be selected',
      'priority must be selected',
      'Tittle must be at least 2 characters.',
      'description must be at least 2 characters.',
    ]) {
      await screen.findByText(message);
    }
    change('App', 'shaq_app');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('service must be selected');
    expect(posts(server)).toHaveLength(0);
  });

  it('shows no message before the first submit, then updates the messages live as fields change', async () => {
    const server = openCreateForm();
    await screen.findByRole('option', { name: 'Consumer app' });
    change('Title', 'x');
    expect(screen.queryByText('app must be selected')).toBeNull();
    expect(screen.queryByText('Tittle must be at least 2 characters.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('app must be selected');
    screen.getByText('Tittle must be at least 2 characters.');

    // Choosing an app removes its message without another submit; the service one stays.
    change('App', 'shaq_app');
    expect(screen.queryByText('app must be selected')).toBeNull();
    screen.getByText('service must be selected');
    change('Title', 'Login is broken');
    expect(screen.queryByText('Tittle must be at least 2 characters.')).toBeNull();

    // Breaking a field again brings its message back.
    change('App', '');
    screen.getByText('app must be selected');
    change('Title', '');
    screen.getByText('Tittle must be at least 2 characters.');
    expect(posts(server)).toHaveLength(0);
  });

  it('needs 3 title characters and 10 description characters', async () => {
    openCreateForm();
    await fillValidTicket();
    change('Title', 'ab');
    change('Description', '123456789');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Tittle must be at least 2 characters.');
    screen.getByText('description must be at least 2 characters.');
  });

  it("sends product.md's payload, shows 'Creating...', toasts and goes to /support", async () => {
    const server = openCreateForm();
    await fillValidTicket();
    change('Link (optional)', 'https://example.com/bug');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    screen.getByRole('button', { name: 'Creating...' });
    await waitFor(() => expect(window.location.pathname).toBe('/support'));
    expect(posts(server)[0]!.body).toEqual({
      title: 'Login is broken',
      description: 'Nobody can sign in since noon.',
      priority: 'low',
      category_id: 2,
      service_id: 11,
      app: 'shaq_app',
      link: 'https://example.com/bug',
      image: null,
      created_by: '',
      developer_name: '',
      number: '',
      status: '',
    });
    await screen.findByText('Ticket created successfully');
  });

  it('sends a super user to /admin/tickets', async () => {
    openCreateForm(ADMIN);
    await fillValidTicket();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/tickets'));
  });
});

describe('image upload', () => {
  // happy-dom has no window.alert; the browser's is stubbed (setup.ts unstubs globals after each test).
  const stubAlert = () => {
    const alert = vi.fn<(message?: string) => void>();
    vi.stubGlobal('alert', alert);
    return alert;
  };
  const pick = (file: File) => fireEvent.change(field('Image (optional)'), { target: { files: [file] } });

  it('alerts and drops a file over 512,000 bytes', async () => {
    const alert = stubAlert();
    openCreateForm();
    await screen.findByRole('heading', { name: 'Create a Ticket' });
    pick(new File([new Uint8Array(512_001)], 'big.png', { type: 'image/png' }));
    expect(alert).toHaveBeenCalledWith('File size should not exceed 500 KB.');
    expect(screen.queryByAltText('Selected image preview')).toBeNull();
  });

  it('accepts exactly 512,000 bytes and sends it as a data URL', async () => {
    const alert = stubAlert();
    const server = openCreateForm();
    await fillValidTicket();
    pick(imageFile('ok.png', 'png', 512_000));
    await screen.findByAltText('Selected image preview');
    expect(alert).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts(server)).toHaveLength(1));
    expect((posts(server)[0]!.body as { image: string }).image).toMatch(/^data:image\/png;base64,/);
  });

  it('refuses a file that is not an image, and removes a chosen one', async () => {
    openCreateForm();
    await screen.findByRole('heading', { name: 'Create a Ticket' });
    pick(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await screen.findByText('Only PNG, JPEG, GIF or WebP images are accepted.');
    pick(imageFile('small.gif', 'gif', 10));
    await screen.findByAltText('Selected image preview');
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByAltText('Selected image preview')).toBeNull();
  });
});

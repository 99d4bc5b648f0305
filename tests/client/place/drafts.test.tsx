/** Issue 13: create, edit and comment drafts survive a reload and a session expiry; sent or cancelled, they are gone. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useDraft } from '../../../src/client/lib/draft.ts';
import { fakeApi, renderApp, signInAs, ticketRoutes } from '../fakeApi.ts';
import { CATEGORIES, SERVICES, SUPPORT, detailRoutes, list, makeTicket } from '../tickets/fixtures.ts';
import { fillValidTicket, serveCreate } from '../tickets/createForm.ts';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const change = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const IMAGE = `data:image/png;base64,${'A'.repeat(2000)}`;

/** A sessionStorage whose items hold at most `max` characters (-1: nothing can be stored). */
function storageHolding(max: number): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem(key: string, value: string) {
      if (value.length > max) throw new DOMException('Quota exceeded', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/** A reload: everything unmounted and rendered again; sessionStorage stays. */
function reload(path: string) {
  cleanup();
  renderApp(path);
}

describe('the create-ticket draft', () => {
  it('survives a reload, and is gone once the ticket is created', async () => {
    signInAs(SUPPORT);
    const server = serveCreate();
    renderApp('/support/create-ticket');
    await fillValidTicket();

    reload('/support/create-ticket');
    await screen.findByRole('option', { name: 'Hardware' });
    expect(field('Title').value).toBe('Login is broken');
    expect(field('Description').value).toBe('Nobody can sign in since noon.');
    expect(field('Priority').value).toBe('low');
    expect(field('Service').value).toBe('11');

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(window.location.pathname).toBe('/support'));
    expect(server.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ title: 'Login is broken' });
    reload('/support/create-ticket');
    await screen.findByRole('option', { name: 'Hardware' });
    expect(field('Title').value).toBe('');
  });

  it("'Discard draft' (shown only once something is typed) empties the form and forgets the draft", async () => {
    signInAs(SUPPORT);
    const server = serveCreate();
    renderApp('/support/create-ticket');
    await screen.findByRole('option', { name: 'Hardware' });
    expect(screen.queryByRole('button', { name: 'Discard draft' })).toBeNull();
    change('Title', 'Never mind');
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(field('Title').value).toBe('');
    expect(screen.queryByRole('button', { name: 'Discard draft' })).toBeNull();
    reload('/support/create-ticket');
    await screen.findByRole('option', { name: 'Hardware' });
    expect(field('Title').value).toBe('');
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('is kept per user: another user on the same tab starts empty', async () => {
    signInAs(SUPPORT);
    serveCreate();
    renderApp('/support/create-ticket');
    await screen.findByRole('option', { name: 'Hardware' });
    change('Title', 'Mine');
    cleanup();
    signInAs({ ...SUPPORT, id: 99, first_name: 'Other' });
    renderApp('/support/create-ticket');
    await screen.findByRole('option', { name: 'Hardware' });
    expect(field('Title').value).toBe('');
  });
});

describe('the edit-ticket draft', () => {
  it('is kept per ticket across a reload; Cancel forgets it', async () => {
    const ticket = makeTicket({ created_by: SUPPORT.first_name });
    signInAs(SUPPORT);
    fakeApi({ ...detailRoutes(ticket) });
    const path = `/support/edit-ticket/${ticket.number}`;
    renderApp(path);
    await screen.findByRole('option', { name: 'Payments' });
    change('Title', 'A better title');

    reload(path);
    await screen.findByRole('option', { name: 'Payments' });
    expect(field('Title').value).toBe('A better title');
    // Fields the user did not touch keep the ticket's values.
    expect(field('Description').value).toBe(ticket.description);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    reload(path);
    await screen.findByRole('option', { name: 'Payments' });
    expect(field('Title').value).toBe(ticket.title);
  });
});

describe('useDraft', () => {
  function Form({ lighter }: { lighter?: (value: { title: string; image: string }) => unknown }) {
    const [value, set, clear] = useDraft(SUPPORT.id, 'probe', () => ({ title: '', image: '' }), lighter);
    return (
      <>
        <input aria-label="Title" value={value.title} onChange={(event) => set((current) => ({ ...current, title: event.target.value }))} />
        <input aria-label="Image" value={value.image} onChange={(event) => set((current) => ({ ...current, image: event.target.value }))} />
        <button onClick={clear}>Clear</button>
      </>
    );
  }

  it('stores the draft without its image when the whole draft does not fit in storage', () => {
    // A nearly full storage: at most 1,000 characters per item.
    vi.stubGlobal('sessionStorage', storageHolding(1000));
    render(<Form lighter={({ image: _image, ...rest }) => rest} />);
    change('Title', 'With a screenshot');
    change('Image', IMAGE);
    cleanup();
    render(<Form lighter={({ image: _image, ...rest }) => rest} />);
    expect(field('Title').value).toBe('With a screenshot');
    expect(field('Image').value).toBe('');
  });

  it('blocked storage loses the draft, never the typing', () => {
    vi.stubGlobal('sessionStorage', storageHolding(-1));
    render(<Form />);
    change('Title', 'Still typed');
    expect(field('Title').value).toBe('Still typed');
  });

  it('Clear empties the form and the storage', () => {
    render(<Form />);
    change('Title', 'Gone soon');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(field('Title').value).toBe('');
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('helpdesk.draft:'))).toEqual([]);
  });
});

describe('signing out on purpose', () => {
  it("forgets the user's drafts (a shared machine); an expired session keeps them", async () => {
    signInAs(SUPPORT);
    serveCreate();
    fakeApi({
      'GET /config/categories': list(CATEGORIES),
      'GET /config/services': list(SERVICES),
      ...ticketRoutes([]),
      'POST /auth/sign-out': { body: { message: 'Signed out.' } },
    });
    renderApp('/support/create-ticket');
    await screen.findByRole('option', { name: 'Hardware' });
    change('Title', 'Private words');
    expect(Object.keys(sessionStorage).some((key) => key.startsWith(`helpdesk.draft:${SUPPORT.id}:`))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(Object.keys(sessionStorage).some((key) => key.startsWith('helpdesk.draft:'))).toBe(false);
  });
});

/** Attachments that open: the thumbnail and its viewer; paste and drop onto the ticket form. */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderApp, signInAs, ticketRoutes } from '../fakeApi.ts';
import { CATEGORIES, SERVICES, SUPPORT, answer, detailRoutes, list, makeTicket } from './fixtures.ts';
import { imageFile } from './imageFiles.ts';

describe('attachment viewer', () => {
  it('loads the image from /image with the token, opens a viewer, and Escape returns focus to the thumbnail', async () => {
    const ticket = makeTicket({ has_image: true, image: 'data:image/png;base64,AAAA' });
    signInAs(SUPPORT);
    const server = fakeApi({ ...detailRoutes(ticket), [`GET /tickets/${ticket.number}/image`]: { body: 'PNGBYTES' } });
    renderApp(`/support/ticket-details/${ticket.number}`);
    const thumb = await screen.findByRole('button', { name: `Attachment of ${ticket.number}` });
    // Read from /image and shown as a data URL (the page's CSP allows data: images, not blob:).
    await waitFor(() => expect((within(thumb).getByRole('img') as HTMLImageElement).getAttribute('src')).toBe(`data:application/json;base64,${btoa('PNGBYTES')}`));
    const read = server.calls.find((call) => call.path === `/tickets/${ticket.number}/image`)!;
    expect(read.headers.authorization).toBe(`Bearer token-${SUPPORT.id}`);
    thumb.focus();
    fireEvent.click(thumb);
    const dialog = await screen.findByRole('dialog', { name: `Attachment of ${ticket.number}` });
    within(dialog).getByRole('img', { name: `Attachment of ${ticket.number}, full size` });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(thumb);
  });

  it('falls back to the inline image when /image cannot be read', async () => {
    const ticket = makeTicket({ has_image: true, image: 'data:image/png;base64,AAAA' });
    signInAs(SUPPORT);
    fakeApi({ ...detailRoutes(ticket), [`GET /tickets/${ticket.number}/image`]: { status: 404, body: { message: 'Not found' } } });
    renderApp(`/support/ticket-details/${ticket.number}`);
    const img = await screen.findByRole('img', { name: `Attachment of ${ticket.number}` });
    await waitFor(() => expect((img as HTMLImageElement).getAttribute('src')).toBe('data:image/png;base64,AAAA'));
  });
});

describe('paste and drop onto the ticket form', () => {
  function openForm() {
    signInAs(SUPPORT);
    fakeApi({ 'GET /config/categories': list(CATEGORIES), 'GET /config/services': list(SERVICES), ...ticketRoutes([]), 'POST /tickets': answer('Ticket created successfully') });
    renderApp('/support/create-ticket');
  }

  it('takes an image pasted anywhere in the form (Ctrl+V)', async () => {
    openForm();
    await screen.findByRole('heading', { name: 'Create a Ticket' });
    const title = screen.getByLabelText('Title');
    fireEvent.paste(title, { clipboardData: { files: [imageFile('shot.png', 'png', 10)] } });
    await screen.findByAltText('Selected image preview');
  });

  it('pasted text is left alone; a pasted file that is not an image or too large gets the picker\'s messages', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    openForm();
    await screen.findByRole('heading', { name: 'Create a Ticket' });
    const title = screen.getByLabelText('Title');
    fireEvent.paste(title, { clipboardData: { files: [] } });
    expect(screen.queryByAltText('Selected image preview')).toBeNull();
    fireEvent.paste(title, { clipboardData: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    await screen.findByText('Only PNG, JPEG, GIF or WebP images are accepted.');
    fireEvent.paste(title, { clipboardData: { files: [new File([new Uint8Array(512_001)], 'big.png', { type: 'image/png' })] } });
    expect(alert).toHaveBeenCalledWith('File size should not exceed 500 KB.');
    expect(screen.queryByAltText('Selected image preview')).toBeNull();
  });

  it('takes an image dropped onto the image field', async () => {
    openForm();
    await screen.findByRole('heading', { name: 'Create a Ticket' });
    const zone = screen.getByTestId('image-drop');
    const file = imageFile('drop.gif', 'gif', 10);
    fireEvent.dragOver(zone, { dataTransfer: { types: ['Files'], files: [file] } });
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [file] } });
    await screen.findByAltText('Selected image preview');
  });
});

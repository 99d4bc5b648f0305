/** The image picker judges a file by its first bytes, at once, under the field; the form waits while it refuses. */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi } from '../fakeApi.ts';
import { fillValidTicket, openCreateForm } from './createForm.ts';
import { imageFile, renamedTextFile, svgFile } from './imageFiles.ts';

const REFUSED = 'Only PNG, JPEG, GIF or WebP images are accepted.';

const picker = () => screen.getByLabelText('Image (optional)') as HTMLInputElement;
const pick = (file: File) => fireEvent.change(picker(), { target: { files: [file] } });
const posts = (server: ReturnType<typeof fakeApi>) => server.calls.filter((call) => call.method === 'POST' && call.path === '/tickets');

describe('image picker', () => {
  it('offers only PNG, JPEG, GIF and WebP', async () => {
    openCreateForm();
    await screen.findByRole('heading', { name: 'Create a Ticket' });
    expect(picker().accept).toBe('image/png,image/jpeg,image/gif,image/webp');
  });

  it.each([
    ['an SVG', svgFile()],
    ['a text file renamed .png', renamedTextFile()],
  ])('refuses %s under the field before any submit, and the form is not sent with it', async (_name, file) => {
    const server = openCreateForm();
    await fillValidTicket();
    pick(file);
    const message = await screen.findByText(REFUSED);
    expect(picker().getAttribute('aria-invalid')).toBe('true');
    expect(picker().getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.queryByAltText('Selected image preview')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(document.activeElement).toBe(picker()));
    expect(posts(server)).toHaveLength(0);
  });

  it('a PNG after a refused file clears the message and the ticket is created with it', async () => {
    const server = openCreateForm();
    await fillValidTicket();
    pick(svgFile());
    await screen.findByText(REFUSED);
    pick(imageFile('shot.png', 'png', 64));
    await screen.findByAltText('Selected image preview');
    expect(screen.queryByText(REFUSED)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts(server)).toHaveLength(1));
    expect((posts(server)[0]!.body as { image: string }).image).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });

  it('sends a PNG named .jpg as the PNG it is', async () => {
    const server = openCreateForm();
    await fillValidTicket();
    pick(imageFile('photo.jpg', 'png', 64, 'image/jpeg'));
    await screen.findByAltText('Selected image preview');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts(server)).toHaveLength(1));
    expect((posts(server)[0]!.body as { image: string }).image).toMatch(/^data:image\/png;base64,/);
  });

  it('"Remove image" drops a refused file, and the form may be sent without an image', async () => {
    const server = openCreateForm();
    await fillValidTicket();
    pick(renamedTextFile());
    await screen.findByText(REFUSED);
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByText(REFUSED)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts(server)).toHaveLength(1));
    expect((posts(server)[0]!.body as { image: unknown }).image).toBeNull();
  });
});

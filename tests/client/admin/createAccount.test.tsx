import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeApi, renderApp, signInAs } from '../fakeApi.ts';
import { ADMIN, STAFF, list, ok } from './helpers.ts';

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

describe('create account', () => {
  test('offers the roles support and developer only', async () => {
    fakeApi({});
    signInAs(ADMIN);
    renderApp('/admin/create-account');
    const role = (await screen.findByLabelText('Role')) as HTMLSelectElement;
    expect([...role.options].map((o) => o.value)).toEqual(['', 'support', 'developer']);
  });

  test("shows product.md's messages verbatim when everything is missing", async () => {
    const server = fakeApi({});
    signInAs(ADMIN);
    renderApp('/admin/create-account');
    await screen.findByLabelText('First name');
    submit();
    expect(await screen.findAllByText('Username must be at least 2 characters.')).toHaveLength(2);
    screen.getByText('Invalide Email');
    screen.getByText('Role must be selected.');
    screen.getByText('Password must be at least 8 characters.');
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  test('at the boundaries: 1-character names and a 7-character password fail, 2 and 8 pass', async () => {
    const server = fakeApi({ 'POST /auth/user/create': ok('Account created successfully'), 'GET /users': list(STAFF) });
    signInAs(ADMIN);
    renderApp('/admin/create-account');
    await screen.findByLabelText('First name');
    fill({ 'First name': 'J', 'Last name': 'D', Email: 'no-at-sign', Role: 'developer', Password: '1234567' });
    submit();
    expect(await screen.findAllByText('Username must be at least 2 characters.')).toHaveLength(2);
    screen.getByText('Invalide Email');
    screen.getByText('Password must be at least 8 characters.');
    expect(screen.queryByText('Role must be selected.')).toBeNull();

    fill({ 'First name': 'Jo', 'Last name': 'Do', Email: 'jo@example.com', Password: '12345678' });
    submit();
    await screen.findByText('Account created successfully');
    expect(screen.queryByText('Invalide Email')).toBeNull();
    const post = server.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/auth/user/create');
    expect(post.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(post.body).toEqual({ first_name: 'Jo', last_name: 'Do', email: 'jo@example.com', role: 'developer', password: '12345678' });
  });

  test('success goes to /admin/staff with the refreshed list', async () => {
    let staff = STAFF;
    const created = { id: 9, first_name: 'Nia', last_name: 'New', email: 'nia@example.com', role: 'support' as const, last_seen: null };
    fakeApi({
      'GET /users': () => list(staff),
      'POST /auth/user/create': () => {
        staff = [...staff, created];
        return ok('Account created successfully', created);
      },
    });
    signInAs(ADMIN);
    renderApp('/admin/create-account');
    await screen.findByLabelText('First name');
    fill({ 'First name': 'Nia', 'Last name': 'New', Email: 'nia@example.com', Role: 'support', Password: 'password1' });
    submit();
    await screen.findByText('nia@example.com');
    expect(window.location.pathname).toBe('/admin/staff');
  });

  test("a taken e-mail shows the server's message under the field and stays on the form", async () => {
    fakeApi({
      'POST /auth/user/create': {
        status: 422,
        body: { message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } },
      },
    });
    signInAs(ADMIN);
    renderApp('/admin/create-account');
    await screen.findByLabelText('First name');
    fill({ 'First name': 'Sam', 'Last name': 'Same', Email: 'sam@example.com', Role: 'support', Password: 'password1' });
    submit();
    expect(await screen.findAllByText('The email has already been taken.')).toHaveLength(2);
    expect(window.location.pathname).toBe('/admin/create-account');
  });
});

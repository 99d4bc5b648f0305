/** product.md#validation's rules at every threshold: just below, at and just above, with the literal messages. */
import { describe, expect, it } from 'vitest';
import {
  hasErrors,
  toId,
  validateAdminChangePassword,
  validateAssignDeveloper,
  validateCategory,
  validateChangePassword,
  validateCreateAccount,
  validateCreateTicket,
  validateEditTicket,
  validateImageFile,
  validateNewPassword,
  validateProfile,
  validateService,
  validateSignIn,
} from '../../src/shared/index.ts';

const chars = (n: number) => 'a'.repeat(n);

describe('sign in', () => {
  const valid = { email: 'dana@example.com', password: 'seven77' };
  it('accepts a valid form', () => expect(validateSignIn(valid)).toEqual({}));
  it.each(['dana', 'dana@example', 'dana example.com', '', '@example.com'])('refuses the e-mail %j', (email) => {
    expect(validateSignIn({ ...valid, email })).toEqual({ email: "Email must contain @ or '.' " });
  });
  it.each([
    [6, { password: 'Password must be more than 7 characters' }],
    [7, {}],
    [8, {}],
  ])('password of %i characters', (n, expected) => expect(validateSignIn({ ...valid, password: chars(n) })).toEqual(expected));
  it('refuses a password that is not text', () => expect(validateSignIn({ ...valid, password: 12345678 })).toHaveProperty('password'));
});

describe('create ticket', () => {
  const valid = { title: 'abc', description: chars(10), priority: 'low', category_id: 1, service_id: 2, app: 'shaq_app', link: '', image: '' };
  const errorsWith = (patch: Record<string, unknown>) => validateCreateTicket({ ...valid, ...patch });

  it('accepts a valid form, ids given as digit strings too', () => {
    expect(errorsWith({})).toEqual({});
    expect(errorsWith({ category_id: '1', service_id: '2' })).toEqual({});
  });
  it.each([
    [2, { title: 'Tittle must be at least 2 characters.' }],
    [3, {}],
    [500, {}],
    [501, { title: 'Tittle must be at most 500 characters.' }],
  ])('title of %i characters', (n, expected) => expect(errorsWith({ title: chars(n) })).toEqual(expected));
  it('counts the title without surrounding spaces', () => expect(errorsWith({ title: '  ab  ' })).toEqual({ title: 'Tittle must be at least 2 characters.' }));
  it.each([
    [9, { description: 'description must be at least 2 characters.' }],
    [10, {}],
    [11, {}],
  ])('description of %i characters', (n, expected) => expect(errorsWith({ description: chars(n) })).toEqual(expected));
  it.each([
    ['priority', { priority: '' }, 'priority must be selected'],
    ['priority', { priority: 'urgent' }, 'priority must be selected'],
    ['category', { category_id: undefined }, 'category must be selected'],
    ['category', { category_id: 0 }, 'category must be selected'],
    ['category', { category_id: 1.5 }, 'category must be selected'],
    ['service', { service_id: '' }, 'service must be selected'],
    ['service', { service_id: 'x' }, 'service must be selected'],
    ['app', { app: '' }, 'app must be selected'],
    ['app', { app: 'shaq' }, 'app must be selected'],
    ['image', { image: 42 }, 'Only PNG, JPEG, GIF or WebP images are accepted.'],
  ])('%s: %j', (field, patch, message) => expect(errorsWith(patch)).toEqual({ [field]: message }));
  it.each([
    [2048, {}],
    [2049, { link: 'link must be at most 2048 characters.' }],
  ])('link of %i characters', (n, expected) => expect(errorsWith({ link: chars(n) })).toEqual(expected));
  it('accepts every priority and both apps', () => {
    for (const priority of ['low', 'medium', 'high']) expect(errorsWith({ priority })).toEqual({});
    expect(errorsWith({ app: 'shaq_express' })).toEqual({});
  });
});

describe('edit ticket', () => {
  const valid = { title: 'ab', description: chars(10), priority: 'high', category_id: 1, service_id: 1, app: 'shaq_app' };
  it.each([
    [1, { title: 'Tittle must be at least 2 characters.' }],
    [2, {}],
    [500, {}],
    [501, { title: 'Tittle must be at most 500 characters.' }],
  ])('title of %i characters', (n, expected) => expect(validateEditTicket({ ...valid, title: chars(n) })).toEqual(expected));
  it('checks every field of the full form', () => {
    expect(Object.keys(validateEditTicket({}))).toEqual(['title', 'description', 'priority', 'category', 'service', 'app']);
  });
  it('checks only the fields sent when partial', () => {
    expect(validateEditTicket({}, { partial: true })).toEqual({});
    expect(validateEditTicket({ description: chars(9) }, { partial: true })).toEqual({ description: 'description must be at least 2 characters.' });
    expect(validateEditTicket({ app: 'x' }, { partial: true })).toEqual({ app: 'app must be selected' });
    expect(validateEditTicket({ title: null }, { partial: true })).toEqual({ title: 'Tittle must be at least 2 characters.' });
  });
});

describe('image file', () => {
  it.each([
    [{ size: 512_000, type: 'image/png' }, undefined],
    [{ size: 511_999, type: 'image/jpeg' }, undefined],
    [{ size: 512_001, type: 'image/png' }, 'File size should not exceed 500 KB.'],
    [{ size: 10, type: 'application/pdf' }, 'Only PNG, JPEG, GIF or WebP images are accepted.'],
  ])('%j', (file, expected) => expect(validateImageFile(file)).toBe(expected));
});

describe('create account', () => {
  const valid = { first_name: 'Di', last_name: 'Li', email: 'di@example.com', role: 'support', password: chars(8) };
  const errorsWith = (patch: Record<string, unknown>) => validateCreateAccount({ ...valid, ...patch });
  it('accepts both creatable roles', () => {
    expect(errorsWith({})).toEqual({});
    expect(errorsWith({ role: 'developer' })).toEqual({});
  });
  it.each(['first_name', 'last_name'])('%s: 1, 2, 500 and 501 characters', (field) => {
    expect(errorsWith({ [field]: chars(1) })).toEqual({ [field]: 'Username must be at least 2 characters.' });
    expect(errorsWith({ [field]: chars(2) })).toEqual({});
    expect(errorsWith({ [field]: chars(500) })).toEqual({});
    expect(errorsWith({ [field]: chars(501) })).toEqual({ [field]: 'Username must be at least 2 characters.' });
  });
  it.each(['not-an-email', '', 'a@b'])('refuses the e-mail %j', (email) => expect(errorsWith({ email })).toEqual({ email: 'Invalide Email' }));
  it.each(['super', '', 'admin'])('refuses the role %j', (role) => expect(errorsWith({ role })).toEqual({ role: 'Role must be selected.' }));
  it.each([
    [7, { password: 'Password must be at least 8 characters.' }],
    [8, {}],
    [9, {}],
  ])('password of %i characters', (n, expected) => expect(errorsWith({ password: chars(n) })).toEqual(expected));
});

describe('category and service', () => {
  it.each([
    [2, { name: 'Category must be at least 3 characters.' }],
    [3, {}],
    [4, {}],
  ])('category name of %i characters', (n, expected) => expect(validateCategory({ name: chars(n) })).toEqual(expected));
  it.each([
    [2, { name: 'Service must be at least 3 characters.' }],
    [3, {}],
    [4, {}],
  ])('service name of %i characters', (n, expected) => expect(validateService({ name: chars(n), app: 'shaq_express' })).toEqual(expected));
  it('requires a known app for a service', () => {
    expect(validateService({ name: 'Rider app', app: '' })).toEqual({ app: 'app must be selected' });
    expect(validateService({ name: 'Rider app', app: 'other' })).toEqual({ app: 'app must be selected' });
  });
});

describe('profile and passwords', () => {
  it.each([
    [1, 'Username must be at least 2 characters.'],
    [2, undefined],
    [3, undefined],
  ])('profile names of %i characters', (n, message) => {
    const errors = validateProfile({ first_name: chars(n), last_name: chars(n) });
    expect(errors).toEqual(message ? { first_name: message, last_name: message } : {});
  });

  it.each([
    [1, { old_password: 'Password must be at least 2 characters.', new_password: 'Password must be at least 2 characters.', new_password_confirmation: 'Password must be at least 2 characters.' }],
    [2, {}],
    [3, {}],
  ])('change own password, %i characters', (n, expected) => {
    expect(validateChangePassword({ old_password: chars(n), new_password: chars(n), new_password_confirmation: chars(n) })).toEqual(expected);
  });
  it('says when the confirmation does not match', () => {
    expect(validateChangePassword({ old_password: 'old', new_password: 'abc', new_password_confirmation: 'abd' })).toEqual({
      new_password_confirmation: 'Confirm password does not match',
    });
  });

  it('admin change: any text is accepted by the form, missing fields are not', () => {
    expect(validateAdminChangePassword({ new_password: '', new_password_confirmation: '' })).toEqual({});
    expect(validateAdminChangePassword({})).toEqual({ new_password: 'Password is required.', new_password_confirmation: 'Password is required.' });
  });

  it.each([
    [7, { new_password: 'Password must be at least 8 characters.' }],
    [8, {}],
    [9, {}],
  ])('server rule for a new password, %i characters', (n, expected) => {
    expect(validateNewPassword({ new_password: chars(n), new_password_confirmation: chars(n) })).toEqual(expected);
  });
  it('server rule: the confirmation must match', () => {
    expect(validateNewPassword({ new_password: chars(8), new_password_confirmation: chars(9) })).toEqual({ new_password_confirmation: 'Confirm password does not match' });
  });
});

describe('assign developer and ids', () => {
  it.each([
    [0, { developer_id: 'Developer must be selected.' }],
    [1, {}],
    [2, {}],
    ['7', {}],
    [null, { developer_id: 'Developer must be selected.' }],
    [-1, { developer_id: 'Developer must be selected.' }],
  ])('developer_id %j', (developer_id, expected) => expect(validateAssignDeveloper({ developer_id })).toEqual(expected));

  it('toId accepts positive whole numbers and digit strings only', () => {
    expect(toId(1)).toBe(1);
    expect(toId(' 42 ')).toBe(42);
    for (const value of [0, -1, 1.5, '1e3', '0x10', '', null, undefined, Number.MAX_SAFE_INTEGER + 1, '12abc']) expect(toId(value)).toBeUndefined();
  });

  it('hasErrors', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ a: 'b' })).toBe(true);
  });
});

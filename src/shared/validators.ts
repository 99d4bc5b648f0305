/**
 * Form rules of product.md#validation as plain functions: input in, `{field: message}` out (empty when valid).
 * The client runs them before sending; the server runs the same ones on what arrives, so the
 * thresholds and messages can never drift apart. Inputs are `unknown` because the server feeds
 * them whatever a client sent.
 */
import { APPS, CREATABLE_ROLES, LIMITS, PRIORITIES } from './constants.ts';
import { imageTypeOf } from './imageType.ts';
import { VALIDATION as M } from './messages.ts';
import { EXTRA_FIELD_NAMES, EXTRA_FIELDS } from './ticketFields.ts';

export type FieldErrors = Record<string, string>;
type Input = Record<string, unknown>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** C0 and C1 controls and DEL; line feed, carriage return and tab are ordinary text. */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value.trim() : undefined);

function lengthBetween(value: unknown, min: number, max: number = LIMITS.textMax): boolean {
  const s = text(value);
  return s !== undefined && s.length >= min && s.length <= max;
}

/** A positive whole number, or a string of digits (form-encoded bodies carry only strings). */
export function toId(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

const oneOf = (options: readonly string[], value: unknown) => typeof value === 'string' && options.includes(value);

const isPresent = (value: unknown) => value !== undefined && value !== null && value !== '';

/** design.md#stored-limits: stored text never carries control characters (they break lists and exports). */
export const hasControlCharacters = (value: unknown) => typeof value === 'string' && CONTROL_CHARACTERS.test(value);

function plainText(input: Input, ...fields: string[]): Array<[string, boolean, string]> {
  return fields.map((field) => [field, hasControlCharacters(input[field]), `${field} ${M.controlCharacters}`]);
}

function collect(rules: Array<[field: string, failed: boolean, message: string]>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, failed, message] of rules) if (failed && !errors[field]) errors[field] = message;
  return errors;
}

export function validateSignIn(input: Input): FieldErrors {
  return collect([
    ['email', !EMAIL_PATTERN.test(text(input.email) ?? ''), M.email],
    ['password', typeof input.password !== 'string' || input.password.length < LIMITS.signInPasswordMin, M.signInPassword],
  ]);
}

function optionalText(input: Input, field: string): [string, boolean, string] {
  const value = input[field];
  const tooLong = isPresent(value) && (typeof value !== 'string' || value.length > LIMITS.linkMax);
  return [field, tooLong, M.link];
}

function extraFields(input: Input, has: (field: string) => boolean): Array<[string, boolean, string]> {
  return EXTRA_FIELD_NAMES.map((field) => [field, has(field) && !EXTRA_FIELDS[field].isValid(input[field]), EXTRA_FIELDS[field].message]);
}

export function validateCreateTicket(input: Input): FieldErrors {
  const title = text(input.title) ?? '';
  return collect([
    ['title', title.length < LIMITS.titleMinCreate, M.title],
    ['title', title.length > LIMITS.textMax, M.titleMax],
    ['description', (text(input.description) ?? '').length < LIMITS.descriptionMin, M.description],
    ['description', (text(input.description) ?? '').length > LIMITS.descriptionMax, M.descriptionMax],
    ...plainText(input, 'title', 'description', 'link'),
    ...extraFields(input, () => true),
    ['priority', !oneOf(PRIORITIES, input.priority), M.priority],
    ['category', toId(input.category_id) === undefined, M.category],
    ['service', toId(input.service_id) === undefined, M.service],
    ['app', !oneOf(APPS, input.app), M.app],
    optionalText(input, 'link'),
    ['image', isPresent(input.image) && typeof input.image !== 'string', M.imageType],
  ]);
}

/**
 * The edit form checks every field; the server checks only the fields a client sent, since
 * the edit call carries only what changed.
 */
export function validateEditTicket(input: Input, { partial = false }: { partial?: boolean } = {}): FieldErrors {
  const has = (field: string) => !partial || field in input;
  const title = text(input.title) ?? '';
  return collect([
    ['title', has('title') && title.length < LIMITS.titleMinEdit, M.title],
    ['title', has('title') && title.length > LIMITS.textMax, M.titleMax],
    ['description', has('description') && (text(input.description) ?? '').length < LIMITS.descriptionMin, M.description],
    ['description', has('description') && (text(input.description) ?? '').length > LIMITS.descriptionMax, M.descriptionMax],
    ...plainText(input, 'title', 'description', 'link'),
    ...extraFields(input, has),
    ['priority', has('priority') && !oneOf(PRIORITIES, input.priority), M.priority],
    ['category', has('category_id') && toId(input.category_id) === undefined, M.category],
    ['service', has('service_id') && toId(input.service_id) === undefined, M.service],
    ['app', has('app') && !(lengthBetween(input.app, 2) && oneOf(APPS, text(input.app))), M.app],
    optionalText(input, 'link'),
    ['image', isPresent(input.image) && typeof input.image !== 'string', M.imageType],
  ]);
}

/**
 * A file chosen for upload: PNG, JPEG, GIF or WebP, at most 512,000 bytes. With its first bytes
 * (IMAGE_SIGNATURE_BYTES of them) the bytes decide, so an SVG or a text file named .png is refused
 * (and a PNG without a declared type is taken); without them, the declared type.
 */
export function validateImageFile(file: { size: number; type: string }, firstBytes?: Uint8Array): string | undefined {
  const declaredImage = file.type.startsWith('image/');
  const bytesImage = firstBytes ? imageTypeOf(firstBytes) !== undefined : declaredImage;
  if (!declaredImage && !bytesImage) return M.imageType;
  // What calls itself an image and is too large gets the size alert, as it always has.
  if (file.size > LIMITS.imageMaxBytes) return M.imageSize;
  return bytesImage ? undefined : M.imageType;
}

export function validateCreateAccount(input: Input): FieldErrors {
  const email = text(input.email) ?? '';
  return collect([
    ['first_name', !lengthBetween(input.first_name, LIMITS.nameMin), M.username],
    ['last_name', !lengthBetween(input.last_name, LIMITS.nameMin), M.username],
    ['email', !lengthBetween(email, 2) || !EMAIL_PATTERN.test(email), M.invalidEmail],
    ...plainText(input, 'first_name', 'last_name'),
    ['role', !oneOf(CREATABLE_ROLES, input.role), M.role],
    ['password', typeof input.password !== 'string' || input.password.length < LIMITS.accountPasswordMin, M.accountPassword],
  ]);
}

export function validateCategory(input: Input): FieldErrors {
  return collect([['name', !lengthBetween(input.name, LIMITS.categoryNameMin), M.categoryName], ...plainText(input, 'name')]);
}

export function validateService(input: Input): FieldErrors {
  return collect([
    ['name', !lengthBetween(input.name, LIMITS.serviceNameMin), M.serviceName],
    ...plainText(input, 'name'),
    ['app', !oneOf(APPS, input.app), M.app],
  ]);
}

export function validateProfile(input: Input): FieldErrors {
  return collect([
    ['first_name', !lengthBetween(input.first_name, LIMITS.nameMin), M.username],
    ['last_name', !lengthBetween(input.last_name, LIMITS.nameMin), M.username],
    ...plainText(input, 'first_name', 'last_name'),
  ]);
}

const shortPassword = (value: unknown) => typeof value !== 'string' || value.length < LIMITS.changePasswordMin;

export function validateChangePassword(input: Input): FieldErrors {
  return collect([
    ['old_password', shortPassword(input.old_password), M.changePassword],
    ['new_password', shortPassword(input.new_password), M.changePassword],
    ['new_password_confirmation', shortPassword(input.new_password_confirmation), M.changePassword],
    ['new_password_confirmation', input.new_password !== input.new_password_confirmation, M.passwordMismatch],
  ]);
}

/** product.md#validation-account gives the admin's reset form no rules; the server still applies its own (below). */
export function validateAdminChangePassword(input: Input): FieldErrors {
  return collect([
    ['new_password', typeof input.new_password !== 'string', M.passwordRequired],
    ['new_password_confirmation', typeof input.new_password_confirmation !== 'string', M.passwordRequired],
  ]);
}

/** What the server demands of any password it is about to store. */
export function validateNewPassword(input: Input): FieldErrors {
  return collect([
    ['new_password', typeof input.new_password !== 'string' || input.new_password.length < LIMITS.serverPasswordMin, M.accountPassword],
    ['new_password_confirmation', input.new_password !== input.new_password_confirmation, M.passwordMismatch],
  ]);
}

export function validateAssignDeveloper(input: Input): FieldErrors {
  return collect([['developer_id', toId(input.developer_id) === undefined, M.developer]]);
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/**
 * The refusals that store, ticket, event and auth code throw, in their own terms: what went
 * wrong, never how it is answered. The HTTP layer's one error funnel turns each into its status
 * code and error body (http/errors.ts, asHttpError), so this code imports nothing from http/.
 */
import { SERVER, type FieldErrors } from '../shared/index.ts';

/** What kind of refusal; each kind is one status code. */
export type Refusal = 'invalid' | 'unauthenticated' | 'forbidden' | 'notFound' | 'conflict' | 'tooMany' | 'busy';

export class DomainError extends Error {
  readonly refusal: Refusal;
  /** For `invalid`: each field's messages. */
  readonly errors: Record<string, string[]> | undefined;
  /** For `tooMany` and `busy`: how long the caller should wait before trying again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(refusal: Refusal, message: string, detail: { errors?: Record<string, string[]>; retryAfterSeconds?: number } = {}) {
    super(message);
    this.refusal = refusal;
    this.errors = detail.errors;
    this.retryAfterSeconds = detail.retryAfterSeconds;
  }
}

export const unauthenticated = () => new DomainError('unauthenticated', SERVER.unauthenticated);
export const forbidden = () => new DomainError('forbidden', SERVER.forbidden);
export const notFound = () => new DomainError('notFound', SERVER.notFound);
export const conflict = () => new DomainError('conflict', SERVER.ticketStateConflict);
export const tooMany = (message: string, retryAfterSeconds: number) => new DomainError('tooMany', message, { retryAfterSeconds });
export const busy = (retryAfterSeconds: number) => new DomainError('busy', SERVER.busy, { retryAfterSeconds });

/** Invalid input whose message is the first field's message (the client toasts `message`). */
export function invalid(fieldErrors: FieldErrors): DomainError {
  const entries = Object.entries(fieldErrors);
  const errors = Object.fromEntries(entries.map(([field, message]) => [field, [message]]));
  return new DomainError('invalid', entries[0]?.[1] ?? SERVER.serverError, { errors });
}

/** Throws `invalid` when any rule failed; the first error for each field wins. */
export function check(...results: FieldErrors[]): void {
  const merged: FieldErrors = {};
  for (const result of results) for (const [field, message] of Object.entries(result)) merged[field] ??= message;
  if (Object.keys(merged).length) throw invalid(merged);
}

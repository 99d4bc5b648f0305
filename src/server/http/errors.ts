/** Every refusal is thrown as an HttpError; the pipeline turns it into the error body of design.md#errors-envelope. */
import { SERVER, type FieldErrors } from '../../shared/index.ts';

export class HttpError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, errors?: Record<string, string[]>, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

/** The client hung up before its request was read: nobody is left to answer, and nothing went wrong here. */
export class ClientGone extends Error {}

export const unauthenticated = () => new HttpError(401, SERVER.unauthenticated);
export const forbidden = () => new HttpError(403, SERVER.forbidden);
export const notFound = () => new HttpError(404, SERVER.notFound);
export const conflict = () => new HttpError(409, SERVER.ticketStateConflict);

/** 422 whose message is the first field's message (the client toasts `message`). */
export function invalid(fieldErrors: FieldErrors): HttpError {
  const entries = Object.entries(fieldErrors);
  const errors = Object.fromEntries(entries.map(([field, message]) => [field, [message]]));
  return new HttpError(422, entries[0]?.[1] ?? SERVER.serverError, errors);
}

/** Throws a 422 when any rule failed; the first error for each field wins. */
export function check(...results: FieldErrors[]): void {
  const merged: FieldErrors = {};
  for (const result of results) for (const [field, message] of Object.entries(result)) merged[field] ??= message;
  if (Object.keys(merged).length) throw invalid(merged);
}

/**
 * Every refusal is answered as an HttpError, which the pipeline's error funnel turns into the error body of
 * design.md#errors-envelope. The HTTP layer throws its own (a body too large, a busy server); the domain's
 * refusals (../errors.ts) become one there, through asHttpError.
 */
import type { DomainError, Refusal } from '../errors.ts';

/** The protection space a 401 names (RFC 9110 §11.6.1); one for the whole API. */
const REALM = 'helpdesk';

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

const STATUS_OF: Record<Refusal, number> = {
  invalid: 422,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  busy: 503,
};

/** A domain refusal as it is answered: its status, its message and field errors, Retry-After when it has one. */
export function asHttpError(error: DomainError): HttpError {
  const headers: Record<string, string> = error.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(error.retryAfterSeconds) };
  return new HttpError(STATUS_OF[error.refusal], error.message, error.errors, headers);
}

/**
 * What every 401 says about how to sign in (RFC 6750 §3): the bearer scheme, and `invalid_token`
 * when a token was sent but is unknown, revoked or expired, so a client can tell the two apart.
 */
export function bearerChallenge(authorization: string | undefined): string {
  const sentToken = /^Bearer\s+\S/i.test(authorization ?? '');
  return sentToken ? `Bearer realm="${REALM}", error="invalid_token"` : `Bearer realm="${REALM}"`;
}

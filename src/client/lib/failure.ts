/**
 * What a failure means for the person looking at it (docs/product.md#failures): whether trying
 * again can help, whether the thing asked for is gone, and how long a 429 asks them to wait.
 */
import { tryAgainIn } from '../../shared/messages.ts';
import { ApiError } from './request.ts';

const NOT_FOUND = 404;
const TOO_MANY = 429;

/**
 * - network: no answer at all; retrying may help once the connection is back.
 * - server: a 5xx; retrying may help.
 * - missing: a 404; the way out is back to the list.
 * - refused: any other 4xx; the same call will be refused again, so no Retry.
 */
export type FailureKind = 'network' | 'server' | 'missing' | 'refused';

export function failureKind(error: Error): FailureKind {
  const status = error instanceof ApiError ? error.status : undefined;
  if (status === undefined) return 'network';
  if (status >= 500) return 'server';
  if (status === NOT_FOUND) return 'missing';
  return 'refused';
}

/** Whether a Retry button can ever help: network errors and 5xx only. */
export const canRetry = (error: Error) => {
  const kind = failureKind(error);
  return kind === 'network' || kind === 'server';
};

/** 'Try again in 15 minutes.' for a 429 that said how long (Retry-After), else undefined. */
export function waitHint(error: Error): string | undefined {
  if (!(error instanceof ApiError) || error.status !== TOO_MANY || error.retryAfterSeconds === undefined) return undefined;
  return tryAgainIn(error.retryAfterSeconds);
}

/**
 * The one after-change step (product.md#cache, #navigation): when the server says yes, toast its
 * message, refresh the cache groups the change touched, run the caller's own step (store the
 * answer, close a dialog), then go where the flow lands; when it says no, toast the error (and how long a 429 asks to wait). Every
 * create, edit, delete and transition goes through here, so no flow can forget a step.
 */
import { useLocation } from 'wouter';
import { waitHint } from './failure.ts';
import { invalidate, useMutation, type MutationResult } from './query.ts';
import { toast } from './toast.ts';

/** The cache groups (product.md#cache): every query key starts with one of these names. */
export const GROUPS = {
  tickets: ['tickets'],
  mytickets: ['mytickets'],
  singletickets: ['singletickets'],
  ticketlogs: ['ticketlogs'],
  comments: ['comments'],
  developers: ['developers'],
  staff: ['staff'],
  categories: ['categories'],
  services: ['services'],
  notifications: ['notifications'],
  mail: ['mail'],
  sla: ['sla'],
  views: ['views'],
  replies: ['replies'],
} as const;
export type Group = keyof typeof GROUPS;

/** Every list, count, detail and log of tickets: what any ticket change refreshes. */
export const TICKET_GROUPS = ['tickets', 'mytickets', 'singletickets', 'ticketlogs'] as const satisfies readonly Group[];
/** Both account lists: an account change shows in either. */
export const ACCOUNT_GROUPS = ['staff', 'developers'] as const satisfies readonly Group[];

export interface ChangeOptions<V, R> {
  /** The cache groups to refresh. @default [] */
  refresh?: readonly Group[];
  /** Where to land; undefined stays. @default stay */
  to?(answer: R, vars: V): string | undefined;
  /** Replace the history entry instead of pushing one. @default only when landing on the current path, so Back still leaves it */
  replace?: boolean;
  /** The flow's own step on success, before navigating (store the answer, close a dialog). */
  onSuccess?(answer: R, vars: V): void;
  /** The flow's own step on failure, after the error toast. */
  onError?(error: Error, vars: V): void;
}

/** The server's message, when the answer is an envelope that has one. */
const messageOf = (answer: unknown) => (answer as { message?: unknown } | undefined)?.message;

/** A mutation with the after-change step; `send` usually answers the server's envelope. */
export function useChange<V, R>(send: (vars: V) => Promise<R>, options: ChangeOptions<V, R> = {}): MutationResult<V, R> {
  const [location, navigate] = useLocation();
  return useMutation(send, {
    onSuccess(answer, vars) {
      const message = messageOf(answer);
      if (typeof message === 'string' && message) toast.success(message);
      invalidate(...(options.refresh ?? []).map((group) => GROUPS[group]));
      options.onSuccess?.(answer, vars);
      const to = options.to?.(answer, vars);
      if (to !== undefined) navigate(to, { replace: options.replace ?? to === location });
    },
    onError(error, vars) {
      // A 429 also says how long to wait (docs/product.md#failures).
      toast.error(error.message, { detail: waitHint(error) });
      options.onError?.(error, vars);
    },
  });
}

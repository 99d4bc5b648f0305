/**
 * Watching a ticket (docs/design.md#notifications): PUT to watch, DELETE to stop; the detail answer
 * carries `watching` and `watchers`, so the ticket's details refresh after either.
 */
import type { Watcher } from '../../../shared/notifications.ts';
import type { Envelope, Ticket } from '../../../shared/types.ts';
import { request } from '../../lib/request.ts';
import { useChange } from '../../lib/useChange.ts';

/** What the detail answer adds for watching; absent from a server without notifications. */
export interface WatchState {
  watching?: boolean;
  watchers?: Watcher[];
}

export const watchStateOf = (ticket: Ticket): WatchState => ticket as Ticket & WatchState;

const watchPath = (number: string) => `/tickets/${encodeURIComponent(number)}/watch`;

export function useSetWatching() {
  return useChange(
    ({ number, watch }: { number: string; watch: boolean }) =>
      request<Envelope<Required<WatchState>>>(watchPath(number), { method: watch ? 'PUT' : 'DELETE' }),
    { refresh: ['singletickets'] },
  );
}

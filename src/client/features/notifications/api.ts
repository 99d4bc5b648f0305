/**
 * In-app notifications (docs/design.md#notifications): the unread count, the list newest first page
 * by page, and marking read. Everything sits under the 'notifications' group, which the live
 * stream's `notification` event refreshes.
 */
import type { AppNotification } from '../../../shared/notifications.ts';
import type { Envelope } from '../../../shared/types.ts';
import { useInfiniteQuery } from '../../lib/infiniteQuery.ts';
import { invalidate, useMutation, useQuery } from '../../lib/query.ts';
import { request } from '../../lib/request.ts';
import { GROUPS } from '../../lib/useChange.ts';

/** Notifications per page in the panel. */
export const PANEL_PAGE_SIZE = 20;

export interface NotificationPage {
  list: AppNotification[];
  next_cursor: string | null;
}

const keys = {
  unread: [...GROUPS.notifications, 'unread'] as const,
  list: [...GROUPS.notifications, 'list'] as const,
};

export function useUnreadCount(enabled = true) {
  return useQuery(keys.unread, async (signal) => (await request<Envelope<{ count: number }>>('/notifications/unread', { signal })).data.count, { enabled });
}

/** The panel's list; read only while the panel is open. */
export function useNotifications(enabled: boolean) {
  return useInfiniteQuery(
    keys.list,
    async (cursor, signal) => {
      const query = new URLSearchParams({ limit: String(PANEL_PAGE_SIZE), ...(cursor ? { cursor } : {}) });
      return (await request<Envelope<NotificationPage>>(`/notifications?${query}`, { signal })).data;
    },
    { nextCursor: (page) => page.next_cursor ?? null, enabled },
  );
}

export type MarkRead = { ids: number[] } | { all: true };

/** Marks some or all read; the count and the list refresh (the server answers what is left unread). */
export function useMarkRead() {
  return useMutation((body: MarkRead) => request<Envelope<{ count: number }>>('/notifications/read', { method: 'POST', json: body }), {
    onSuccess: () => invalidate(GROUPS.notifications),
  });
}

/** Where a bar leads: the work queue filtered to that group's tickets (and status, for open or closed bars). */
import { NO_DEVELOPER_KEY, type ReportGroup } from '../../../shared/report.ts';
import { ticketQueryString, type TicketFilters } from '../../../shared/workQueue.ts';
import { STATUSES, type AppName, type Priority } from '../../../shared/constants.ts';
import { ROUTES } from '../../lib/paths.ts';

export type BarKind = 'created' | 'closed' | 'open';

function groupFilter(group: ReportGroup, key: string): TicketFilters {
  switch (group) {
    case 'app':
      return { app: [key as AppName] };
    case 'priority':
      return { priority: [key as Priority] };
    case 'category':
      return { category_id: Number(key) };
    case 'service':
      return { service_id: Number(key) };
    case 'developer':
      return { developer_id: key === NO_DEVELOPER_KEY ? 'none' : Number(key) };
  }
}

const STATUS_OF: Record<BarKind, TicketFilters['status']> = {
  // The queue filters no dates: created bars open all of the group's tickets. Every status is
  // named, because the admin's queue shows open work only when the URL names none.
  created: [...STATUSES],
  closed: ['closed'],
  open: ['opened', 'assigned'],
};

export function queueHref(group: ReportGroup, key: string, kind: BarKind): string {
  const query = ticketQueryString({ ...groupFilter(group, key), status: STATUS_OF[kind] });
  return query ? `${ROUTES.admin.tickets}?${query}` : ROUTES.admin.tickets;
}

/** The audit log (GET /audit, supers only), read page by page like the work queue. */
import { auditQueryString, type AuditFilters, type AuditPage, type AuditQuery } from '../../../shared/audit.ts';
import type { Envelope } from '../../../shared/types.ts';
import { useInfiniteQuery } from '../../lib/infiniteQuery.ts';
import { request } from '../../lib/request.ts';

const AUDIT_KEY = 'audit';

const nextCursor = (page: AuditPage) => page.next_cursor;

function auditPath(query: AuditQuery): string {
  const search = auditQueryString(query);
  return search ? `/audit?${search}` : '/audit';
}

export function useAuditPages(filters: AuditFilters) {
  return useInfiniteQuery(
    [AUDIT_KEY, 'page', filters],
    async (cursor, signal) => (await request<Envelope<AuditPage>>(auditPath({ ...filters, cursor }), { signal })).data,
    { nextCursor },
  );
}

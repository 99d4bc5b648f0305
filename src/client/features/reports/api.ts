/** The report (design.md#reports), cached with the ticket reads: live ticket events refresh it. */
import { reportQueryString, type Report, type ReportQuery } from '../../../shared/report.ts';
import type { Envelope } from '../../../shared/types.ts';
import { useQuery } from '../../lib/query.ts';
import { request } from '../../lib/request.ts';
import { GROUPS } from '../../lib/useChange.ts';

export function useReport(query: ReportQuery) {
  return useQuery([...GROUPS.tickets, 'report', query], async (signal) => (await request<Envelope<Report>>(`/tickets/report?${reportQueryString(query)}`, { signal })).data);
}

/**
 * The audit page's filters live in its URL with the API's own names (`?actor_id=1&kind=account`),
 * written and read by the shared audit query code, so a link opens the same view and Back and
 * Forward return to the last one. Values it cannot use are dropped, never an error page.
 */
import { AUDIT_FILTER_PARAMS, auditQueryString, parseAuditQuery, type AuditFilters } from '../../../shared/audit.ts';

export function readAuditFilters(search: string): AuditFilters {
  const { query, errors } = parseAuditQuery(new URLSearchParams(search));
  const filters: AuditFilters = {};
  for (const name of AUDIT_FILTER_PARAMS) {
    if (query[name] !== undefined && !errors[name]) Object.assign(filters, { [name]: query[name] });
  }
  // A range the wrong way round keeps its start.
  if (errors.to) delete filters.to;
  return filters;
}

/** '?actor_id=1&kind=account', or '' with no filter. */
export function auditSearch(filters: AuditFilters): string {
  const text = auditQueryString(filters);
  return text ? `?${text}` : '';
}

export const hasFilters = (filters: AuditFilters) => Object.values(filters).some((value) => value !== undefined && value !== '');

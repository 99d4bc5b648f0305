/** The service-level policy the server's SLA suites set: plain sums, so their deadlines are easy to check. */
import type { SlaPolicy } from '../../src/shared/index.ts';

const ALL_DAY: [string, string][] = [['00:00', '24:00']];

/** Every hour counts, in UTC: deadlines are plain sums. High: respond in an hour, resolve in four; warned at half. */
export const ALL_DAY_POLICY: SlaPolicy = {
  timezone: 'UTC',
  week: { mon: ALL_DAY, tue: ALL_DAY, wed: ALL_DAY, thu: ALL_DAY, fri: ALL_DAY, sat: ALL_DAY, sun: ALL_DAY },
  holidays: [],
  targets: { high: { respond_minutes: 60, resolve_minutes: 240 }, medium: { respond_minutes: 120, resolve_minutes: 480 }, low: { respond_minutes: null, resolve_minutes: null } },
  warn_percent: 50,
};

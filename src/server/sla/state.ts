/**
 * A ticket's service level from its stored clock times and the policy (design.md#service-levels):
 * the deadlines, the state at `now`, and the next instant time alone would change that state (a
 * warning or a deadline the timer waits for). Pure: the callers read and write the columns.
 */
import { addBusinessMinutes, type SlaPolicy, type SlaState, type TicketSla } from '../../shared/index.ts';
import type { Priority } from '../../shared/index.ts';
import { isoInstant } from './iso.ts';

/** What the clocks start and stop on, as a ticket row stores them. */
export interface SlaClockRow {
  priority: Priority;
  status: 'opened' | 'assigned' | 'closed';
  created_at: string;
  /** When the resolve clock started: the creation or the last reopen (null: the creation). */
  sla_clock_at: string | null;
  /** The first assignment. */
  responded_at: string | null;
}

/** The stored columns of a ticket's service level. */
export interface SlaColumns {
  respond_by: string | null;
  resolve_by: string | null;
  sla_state: SlaState;
  sla_next_at: string | null;
}

export const NO_SLA: SlaColumns = { respond_by: null, resolve_by: null, sla_state: 'none', sla_next_at: null };

/** The instant `minutes` of working time after `from`, or null when the week never has that much. */
function after(policy: SlaPolicy, from: number, minutes: number): number | null {
  const at = addBusinessMinutes(policy, new Date(from), minutes).getTime();
  return Number.isNaN(at) ? null : at;
}

const iso = (ms: number | null) => (ms === null ? null : isoInstant(ms));
/** The earliest of the instants after `now`, or null. */
function nextAfter(now: number, ...instants: (number | null)[]): number | null {
  let next: number | null = null;
  for (const at of instants) if (at !== null && at > now && (next === null || at < next)) next = at;
  return next;
}

/**
 * The columns at `now`. A closed ticket is judged at `now`, so call this for one when it is
 * closed (its outcome then stays). A deadline counts as missed once `now` reaches it; a response
 * or close at the deadline itself is in time.
 */
export function slaColumns(policy: SlaPolicy | null, row: SlaClockRow, now: number): SlaColumns {
  if (!policy) return NO_SLA;
  const target = policy.targets[row.priority];
  const created = Date.parse(row.created_at);
  // Most resolve clocks start at the creation: parsed once.
  const clock = row.sla_clock_at === null || row.sla_clock_at === row.created_at ? created : Date.parse(row.sla_clock_at);
  const respondBy = target.respond_minutes === null ? null : after(policy, created, target.respond_minutes);
  const resolveBy = target.resolve_minutes === null ? null : after(policy, clock, target.resolve_minutes);
  if (respondBy === null && resolveBy === null) return NO_SLA;
  const respond_by = iso(respondBy);
  const resolve_by = iso(resolveBy);

  const closed = row.status === 'closed';
  // Closing unanswered answers it: the respond clock stops at the close too.
  const responded = row.responded_at !== null ? Date.parse(row.responded_at) : closed ? now : null;
  const respondMissed = respondBy !== null && (responded === null ? now >= respondBy : responded > respondBy);
  const resolveMissed = resolveBy !== null && (closed ? now > resolveBy : now >= resolveBy);
  if (closed) return { respond_by, resolve_by, sla_state: respondMissed || resolveMissed ? 'breached' : 'met', sla_next_at: null };
  if (respondMissed || resolveMissed) return { respond_by, resolve_by, sla_state: 'breached', sla_next_at: null };

  const share = policy.warn_percent / 100;
  const respondRunning = respondBy !== null && responded === null;
  const respondWarn = respondRunning ? after(policy, created, target.respond_minutes! * share) : null;
  const resolveWarn = resolveBy !== null ? after(policy, clock, target.resolve_minutes! * share) : null;
  const warned = (respondWarn !== null && now >= respondWarn) || (resolveWarn !== null && now >= resolveWarn);
  const respondDue = respondRunning ? respondBy : null;
  // Due soon waits only for a breach; on track, for whichever comes first.
  const next = warned ? nextAfter(now, respondDue, resolveBy) : nextAfter(now, respondWarn, respondDue, resolveWarn, resolveBy);
  return { respond_by, resolve_by, sla_state: warned ? 'due_soon' : 'on_track', sla_next_at: iso(next) };
}

/** The stored columns as every ticket answer carries them. */
export const ticketSla = (row: { respond_by?: string | null; resolve_by?: string | null; responded_at?: string | null; sla_state?: SlaState | null }): TicketSla => ({
  respond_by: row.respond_by ?? null,
  resolve_by: row.resolve_by ?? null,
  responded_at: row.responded_at ?? null,
  state: row.sla_state ?? 'none',
});

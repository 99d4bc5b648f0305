/** An audit row's before → after in words, one line per field that changed (design.md#audit-log). */
import { APP_LABELS, type AppName } from '../../../shared/constants.ts';
import type { AuditEntry } from '../../../shared/audit.ts';

const FIELD_LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  role: 'Role',
  name: 'Name',
  app: 'App',
};
/** Ids are in the target column already. */
const HIDDEN_FIELDS = new Set(['id']);
const NOTHING = '—';
/** A bulk line names at most this many tickets, then "and N more". */
const TICKETS_SHOWN = 5;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function show(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return NOTHING;
  if (field === 'app' && typeof value === 'string' && value in APP_LABELS) return APP_LABELS[value as AppName];
  if (field === 'role' && typeof value === 'string') return capital(value);
  return String(value);
}

const labelOf = (field: string) => FIELD_LABELS[field] ?? capital(field.replaceAll('_', ' '));

type Fields = Record<string, unknown>;

function fieldLines(before: Fields | null, after: Fields | null): string[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((field) => !HIDDEN_FIELDS.has(field));
  if (before && after) {
    const changed = fields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
    return changed.map((field) => `${labelOf(field)}: ${show(field, before[field])} → ${show(field, after[field])}`);
  }
  const only = (after ?? before)!;
  return fields.map((field) => `${labelOf(field)}: ${show(field, only[field])}`);
}

interface TicketState {
  status?: string;
  developer?: string | null;
}

const stateText = (state: TicketState | undefined) =>
  state ? `${capital(state.status ?? NOTHING)}${state.developer ? ` (${state.developer})` : ''}` : NOTHING;

/** Tickets grouped by the same move: 'TCK-000001, TCK-000002: Opened → Closed'. */
function bulkLines(before: Fields | null, after: Fields | null): string[] {
  const groups = new Map<string, string[]>();
  for (const number of Object.keys(after ?? before ?? {})) {
    const move = `${stateText(before?.[number] as TicketState)} → ${stateText(after?.[number] as TicketState)}`;
    groups.set(move, [...(groups.get(move) ?? []), number]);
  }
  return [...groups].map(([move, numbers]) => {
    const named = numbers.slice(0, TICKETS_SHOWN).join(', ');
    const more = numbers.length > TICKETS_SHOWN ? ` and ${numbers.length - TICKETS_SHOWN} more` : '';
    return `${named}${more}: ${move}`;
  });
}

/** The lines the Change column shows; empty when only the kind says it (a password set). */
export function changeLines(entry: AuditEntry): string[] {
  if (!entry.before && !entry.after) return [];
  return entry.kind.startsWith('tickets.') ? bulkLines(entry.before, entry.after) : fieldLines(entry.before, entry.after);
}

/** How the address reads: an IPv4 client seen over IPv6 shows as plain IPv4. */
export const addressText = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '') || NOTHING;

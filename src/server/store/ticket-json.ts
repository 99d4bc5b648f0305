/** The ticket row as stored, and the JSON shapes the API answers for tickets and log entries. */
import { ticketSla } from '../sla/state.ts';
import { TICKET_INPUT_FIELDS, type SlaState, type LogAction, type Ticket, type TicketInput, type TicketLogEntry } from '../../shared/index.ts';

const NUMBER_PREFIX = 'TCK-';
const NUMBER_DIGITS = 6;

/** What a create or an edit stores: the input fields but the image (its own table), and the chosen category's and service's names. */
export type TicketFields = Omit<TicketInput, 'image'> & { category: string; service: string };
type StoredField = keyof TicketFields;

const isStored = (field: (typeof TICKET_INPUT_FIELDS)[number]): field is Exclude<typeof field, 'image'> => field !== 'image';

/** A ticket as stored: its fields plus what the server keeps track of. */
export interface TicketRow extends TicketFields {
  id: number;
  number: string;
  has_image: number;
  comment_count: number;
  status: 'opened' | 'assigned' | 'closed';
  created_by: string;
  created_by_id: number | null;
  developer_id: number | null;
  developer_name: string | null;
  created_at: string;
  updated_at: string;
  /** Service level (migrations 13 and 16): null when the ticket has none. */
  respond_by: string | null;
  resolve_by: string | null;
  responded_at: string | null;
  sla_state: SlaState | null;
}

/** What a create or an edit writes: the insert and update statements are built from this list. */
export const STORED_FIELDS: readonly StoredField[] = [...TICKET_INPUT_FIELDS.filter(isStored), 'category', 'service'];

/**
 * The service level's columns, from its narrow table (migration 16) by the ticket's id: a correlated
 * seek per row read, so every statement still reads `FROM tickets` alone and keeps its index.
 */
const slaColumn = (column: string) => `(SELECT ${column} FROM ticket_sla WHERE ticket_sla.ticket_id = tickets.id) AS ${column}`;

/** The columns every ticket read selects `FROM tickets` (the image lives in its own table). */
export const LIST_COLUMNS = `id, number, ${STORED_FIELDS.join(', ')}, has_image, comment_count, status,
  created_by, created_by_id, developer_id, developer_name, created_at, updated_at, responded_at,
  ${['respond_by', 'resolve_by', 'sla_state'].map(slaColumn).join(', ')}`;

export const ticketNumber = (id: number) => NUMBER_PREFIX + String(id).padStart(NUMBER_DIGITS, '0');

export function toTicket(row: TicketRow, image?: string | null): Ticket {
  const stored = Object.fromEntries(STORED_FIELDS.map((field) => [field, row[field]])) as TicketFields;
  const ticket: Ticket = {
    id: row.id,
    number: row.number,
    ...stored,
    has_image: row.has_image === 1,
    comment_count: row.comment_count ?? 0,
    status: row.status,
    created_by: row.created_by,
    created_by_id: row.created_by_id,
    developer: row.developer_name === null ? null : { id: row.developer_id, name: row.developer_name },
    created_at: row.created_at,
    updated_at: row.updated_at,
    sla: ticketSla(row),
  };
  if (image !== undefined) ticket.image = image;
  return ticket;
}

/** `{"data":{"list":[…]}}`, one chunk per batch of rows, newest first as the batches come. */
export function* jsonList(batches: Iterable<TicketRow[]>): Generator<string> {
  yield '{"data":{"list":[';
  let first = true;
  for (const batch of batches) {
    if (batch.length === 0) continue;
    yield (first ? '' : ',') + batch.map((row) => JSON.stringify(toTicket(row))).join(',');
    first = false;
  }
  yield ']}}';
}

export interface LogRow {
  id: number;
  name: string;
  action: LogAction;
  created_at: string;
  assignee: string | null;
}

export function toLogEntry(row: LogRow): TicketLogEntry {
  const at = (action: LogAction) => (row.action === action ? row.created_at : null);
  return {
    id: row.id,
    name: row.name,
    action: row.action,
    assigned_at: at('assigned'),
    closed_at: at('closed'),
    opened_at: at('opened'),
    unassigned_at: at('unassigned'),
    created_at: row.created_at,
    assignee: row.assignee ?? null,
  };
}

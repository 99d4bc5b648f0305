/**
 * The fields a person writes on a ticket, in one place (docs/product.md#ticket-fields). This list
 * drives what the edit form sends when a value changed, what the server accepts on create and
 * edit, and, through the server's STORED_FIELDS, its columns. Adding a field starts here.
 *
 * A field beyond the product's own (docs/product.md#adding-a-field) is declared once in EXTRA_FIELDS:
 * the validators, the server's stored fields and CSV columns, the forms, the details panel and,
 * when it names a sort, the work queue's sorts all read the declaration. Its column comes from a
 * migration.
 */
import { MONTHS, type AppName, type Priority, type Status } from './constants.ts';

/** A due date is a calendar day, `YYYY-MM-DD`, with no time and no zone. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** How a field beyond the product's own is validated, shown and sorted. Its value is text or null. */
export interface ExtraField {
  /** The form's label, the details panel's and the CSV header. */
  label: string;
  /** The form control's input type. */
  input: 'date' | 'text';
  /** Empty means none; anything else must pass this. */
  isValid: (value: unknown) => boolean;
  message: string;
  /** A stored value as people read it. */
  format: (stored: string) => string;
  /** A work-queue sort over the `<name>_rank` column and the `tickets_<name>` index the field's migration adds. */
  sort?: { name: string; label: string };
}

/** An empty due date means none; anything else must be a real day. */
export function isDueDate(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  const match = typeof value === 'string' ? DAY.exec(value) : null;
  if (!match) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** A due day as 'Jan 15, 2027'. It is a calendar day, not a moment: no zone may shift it. */
export function formatDueDate(day: string | null | undefined): string {
  const match = day ? DAY.exec(day) : null;
  return match ? `${MONTHS[Number(match[2]) - 1]} ${Number(match[3])}, ${match[1]}` : '';
}

/** A moment's day in the viewer's calendar, `YYYY-MM-DD`. */
export const localDay = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** Past its due day (in the viewer's calendar) and not closed yet: the work queue's `due_before` of today, over open work. */
export function isOverdue(ticket: { due_date: string | null; status: Status }, now = new Date()): boolean {
  const today = localDay(now);
  return ticket.due_date !== null && ticket.status !== 'closed' && ticket.due_date < today;
}

export const EXTRA_FIELDS = {
  due_date: {
    label: 'Due date',
    input: 'date',
    isValid: isDueDate,
    message: 'due date must be a date (YYYY-MM-DD).',
    format: formatDueDate,
    sort: { name: 'due', label: 'Due date' },
  },
} as const satisfies Record<string, ExtraField>;

export type ExtraFieldName = keyof typeof EXTRA_FIELDS;
export const EXTRA_FIELD_NAMES = Object.keys(EXTRA_FIELDS) as ExtraFieldName[];
/** The sorts the extra fields name, as a type the work queue's sort list extends. */
export type ExtraSort = { [K in ExtraFieldName]: (typeof EXTRA_FIELDS)[K] extends { sort: { name: infer N } } ? N : never }[ExtraFieldName];
export const EXTRA_SORTS = EXTRA_FIELD_NAMES.flatMap((field) => {
  const { sort } = EXTRA_FIELDS[field] as ExtraField;
  return sort ? [{ field, ...sort } as { field: ExtraFieldName; name: ExtraSort; label: string }] : [];
});

/** The stored form of an extra field: its text, or null for none. */
export const toExtraValue = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** Every extra field of a create body, in its stored form. */
export const toExtraValues = (body: Record<string, unknown>) =>
  Object.fromEntries(EXTRA_FIELD_NAMES.map((field) => [field, toExtraValue(body[field])])) as Record<ExtraFieldName, string | null>;

/** What a create sends, and what an edit may change (a part of it). */
export interface TicketInput extends Record<ExtraFieldName, string | null> {
  title: string;
  description: string;
  priority: Priority;
  category_id: number;
  service_id: number;
  app: AppName;
  link: string | null;
  image: string | null;
}

export type TicketInputField = keyof TicketInput;
const PRODUCT_FIELDS = ['title', 'description', 'priority', 'category_id', 'service_id', 'app', 'link', 'image'] as const;
export const TICKET_INPUT_FIELDS: readonly TicketInputField[] = [...PRODUCT_FIELDS, ...EXTRA_FIELD_NAMES];
type Unlisted = Exclude<keyof TicketInput, (typeof PRODUCT_FIELDS)[number] | ExtraFieldName>;
/** A field added to TicketInput but not to the list above stops the build here. */
export const EVERY_INPUT_FIELD_LISTED: [Unlisted] extends [never] ? true : Unlisted = true;

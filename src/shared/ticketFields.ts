/**
 * The fields a person writes on a ticket, in one place (docs/product.md#tickets). This list
 * drives what the edit form sends when a value changed, what the server accepts on create and
 * edit, and, through the server's STORED_FIELDS, its columns. Adding a field starts here.
 */
import type { AppName, Priority } from './constants.ts';

/** What a create sends, and what an edit may change (a part of it). */
export interface TicketInput {
  title: string;
  description: string;
  priority: Priority;
  category_id: number;
  service_id: number;
  app: AppName;
  link: string | null;
  image: string | null;
  /** A calendar day (`YYYY-MM-DD`) the work is due, or null. */
  due_date: string | null;
}

export const TICKET_INPUT_FIELDS = ['title', 'description', 'priority', 'category_id', 'service_id', 'app', 'link', 'image', 'due_date'] as const satisfies readonly (keyof TicketInput)[];
export type TicketInputField = (typeof TICKET_INPUT_FIELDS)[number];
type Unlisted = Exclude<keyof TicketInput, (typeof TICKET_INPUT_FIELDS)[number]>;
/** A field added to TicketInput but not to the list above stops the build here. */
export const EVERY_INPUT_FIELD_LISTED: [Unlisted] extends [never] ? true : Unlisted = true;

/** A due date is a calendar day, `YYYY-MM-DD`, with no time and no zone. */
const DUE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An empty due date means none; anything else must be a real day. */
export function isDueDate(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  const match = typeof value === 'string' ? DUE_DATE.exec(value) : null;
  if (!match) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** The stored form: a day, or null for none. */
export const toDueDate = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

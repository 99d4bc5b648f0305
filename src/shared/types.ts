/** Shapes of what the API answers (product.md#fields, #calls). */
import type { AppName, LogAction, Role, Status } from './constants.ts';
import type { TicketInput } from './ticketFields.ts';
import type { AccountSource } from './auth.ts';
import type { TicketSla } from './sla.ts';

export interface User {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  last_seen: string | null;
  /**
   * A directory account has no password: it signs in through the directory (docs/design.md#directory-sign-in).
   * Every server answer has it; optional so that a client's own stand-in users need not say it.
   */
  source?: AccountSource;
}

/** The input fields (ticketFields.ts) as stored, plus what the server keeps track of. */
export interface Ticket extends Omit<TicketInput, 'image'> {
  id: number;
  number: string;
  category: string;
  service: string;
  /** Only on the detail answer; lists say has_image instead. */
  image?: string | null;
  has_image: boolean;
  /** How many comments the ticket has (design.md#comments). */
  comment_count: number;
  status: Status;
  created_by: string;
  created_by_id: number | null;
  developer: { id: number | null; name: string } | null;
  created_at: string;
  updated_at: string;
  /** Service level (design.md#service-levels): state 'none' and nulls while SLA is off. Every server answer carries it. */
  sla?: TicketSla;
}

export interface TicketLogEntry {
  id: number;
  name: string;
  action: LogAction;
  assigned_at: string | null;
  closed_at: string | null;
  opened_at: string | null;
  unassigned_at: string | null;
  created_at: string;
  /** Our addition (design.md#ticket-page): the developer an `assigned` entry gave the ticket to; null otherwise, and on entries older than the field. */
  assignee?: string | null;
}

export interface Category {
  id: number;
  name: string;
}

export interface Service {
  id: number;
  name: string;
  app: AppName;
}

export interface SignInAnswer {
  user: User;
  authorization: { token: string; type: 'bearer' };
}

/** Every answer: an optional message, and data for lists ({list}) or single objects. */
export interface Envelope<T> {
  message?: string;
  data: T;
}
export type ListEnvelope<T> = Envelope<{ list: T[] }>;

/** GET /backups (supers): whether backups run on a schedule, the last one written, a failure not yet followed by a success. */
export interface BackupState {
  scheduled: boolean;
  dir: string | null;
  every_hours: number;
  keep: number;
  last_success: { at: string; file: string; bytes: number; ms: number } | null;
  failure: { at: string; message: string } | null;
}

/** Shapes of what the API answers (product.md#fields, #calls). */
import type { AppName, LogAction, Role, Status } from './constants.ts';
import type { TicketInput } from './ticketFields.ts';
import type { TicketSla } from './sla.ts';

export interface User {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  last_seen: string | null;
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
  /** Service levels (design.md#service-levels); state 'none' while no policy is set. Optional only for answers made before it. */
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

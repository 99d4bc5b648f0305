/**
 * Many tickets in one statement (as the demo fill does): the search index writes one segment, not
 * one per ticket. For the search tests' databases of tens of thousands of tickets.
 */
import type { Db } from '../../src/server/db/database.ts';

export interface BareTicket {
  number: string;
  title: string;
  description: string;
  priority: string;
  status: string;
  created_at: string;
  updated_at: string;
  /** None unless given. */
  due_date?: string | null;
}

export function insertTickets(db: Db, tickets: BareTicket[]): void {
  db.prepare(`INSERT INTO tickets (number, title, description, priority, category, category_id, service, service_id, app,
    status, created_by, created_at, updated_at, due_date)
    SELECT value ->> 'number', value ->> 'title', value ->> 'description', value ->> 'priority', 'Category', 1, 'Service', 1, 'shaq_app',
      value ->> 'status', 'Someone', value ->> 'created_at', value ->> 'updated_at', value ->> 'due_date'
    FROM json_each(?)`).run(JSON.stringify(tickets));
}

/**
 * After the commit: feeds the sinks from the recorded ticket events (design.md#notifications). Recording
 * schedules one run on the next turn of the event loop; every transaction is synchronous, so by then
 * it has committed or rolled back, and only the rows that exist are read: a rolled-back change sends
 * nothing. Each run sends the live frames of the events after the last one it sent, each recipient's
 * unread count to their own streams, each ticket event with the ticket's card fields (a screen patches in place) and, for a
 * transition, the status it left (a list that shows both statuses need not refetch), and starts the webhook deliveries that fell due.
 */
import type { StoredStatus, TicketChange } from '../../shared/index.ts';
import { LIVE_TICKET_FIELDS, type LiveTicketFields } from '../../shared/liveRules.ts';
import type { Db } from '../db/database.ts';
import { toTicket, type TicketRow } from '../store/ticket-json.ts';
import type { Live } from './live.ts';
import type { Webhooks } from './webhooks.ts';

export type Dispatcher = ReturnType<typeof createDispatcher>;

/** The card's fields of a ticket as it is now (the newest state: a burst of events carries the same). */
function liveFields(row: TicketRow | undefined): LiveTicketFields | undefined {
  if (!row) return undefined;
  const ticket = toTicket(row);
  return Object.fromEntries(LIVE_TICKET_FIELDS.map((field) => [field, ticket[field]])) as unknown as LiveTicketFields;
}

export function createDispatcher(db: Db, live: Live, webhooks: Webhooks, ticketById: (id: number) => TicketRow | undefined) {
  const newest = db.prepare('SELECT coalesce(max(id), 0) AS id FROM ticket_events');
  const after = db.prepare(`SELECT e.id, e.ticket_id, t.number, e.change, e.from_status FROM ticket_events e JOIN tickets t ON t.id = e.ticket_id
    WHERE e.id > ? ORDER BY e.id`);
  const notified = db.prepare('SELECT DISTINCT user_id FROM notifications WHERE event_id > ? AND event_id <= ?');
  const unread = db.prepare('SELECT count(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL');
  /** Events before the start were sent by an earlier run (their webhooks are still pending rows). */
  let lastSent = Number((newest.get() as { id: number }).id);
  let scheduled = false;
  let closed = false;

  function run(): void {
    scheduled = false;
    if (closed) return;
    const events = after.all(lastSent) as { id: number; ticket_id: number; number: string; change: TicketChange; from_status: StoredStatus | null }[];
    if (events.length > 0) {
      // Each ticket is read once per run, however many of its events the run sends.
      const fields = new Map<number, LiveTicketFields | undefined>();
      for (const event of events) {
        if (!fields.has(event.ticket_id)) fields.set(event.ticket_id, liveFields(ticketById(event.ticket_id)));
        const ticket = fields.get(event.ticket_id);
        const from = event.from_status ?? undefined;
        live.publish({ id: event.ticket_id, number: event.number, change: event.change, ...(from && { from }), ...(ticket && { ticket }) });
      }
      const last = events.at(-1)!.id;
      for (const { user_id } of notified.all(lastSent, last) as { user_id: number }[]) {
        if (live.openStreams(user_id) > 0) live.notify(user_id, Number((unread.get(user_id) as { n: number }).n));
      }
      lastSent = last;
    }
    webhooks.pump();
  }

  return {
    /** Runs once after the current transaction, however many events it records. */
    schedule(): void {
      if (scheduled || closed) return;
      scheduled = true;
      setImmediate(run);
    },
    close(): void {
      closed = true;
    },
  };
}

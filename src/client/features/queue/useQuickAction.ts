/**
 * Runs a quick action: the cached lists show the change at once, the server is asked, and its
 * answer is toasted with "Undo" for UNDO_MS; Undo shows the ticket as it was and sends the
 * calls that put it back. Every list is refreshed after each answer, so the cache ends as the
 * server has it whatever happened.
 */
import { useState } from 'react';
import type { Envelope, Ticket } from '../../../shared/types.ts';
import type { TicketPage } from '../../../shared/workQueue.ts';
import { invalidate, updateData } from '../../lib/query.ts';
import { request } from '../../lib/request.ts';
import { toast } from '../../lib/toast.ts';
import { GROUPS, TICKET_GROUPS } from '../../lib/useChange.ts';
import type { QuickPlan, QuickStep } from './quickActions.ts';

/** How long "Undo" stays offered. */
export const UNDO_MS = 5000;

type Shown = Pick<Ticket, 'status' | 'developer'>;

const isPages = (data: unknown): data is TicketPage[] =>
  Array.isArray(data) && data.every((page) => Array.isArray((page as TicketPage | undefined)?.list));

/** The cached pages with one ticket's fields replaced; the same pages when it is not among them. */
function withTicket(data: unknown, number: string, fields: Shown): unknown {
  if (!isPages(data) || !data.some((page) => page.list.some((ticket) => ticket.number === number))) return data;
  return data.map((page) => ({ ...page, list: page.list.map((ticket) => (ticket.number === number ? { ...ticket, ...fields } : ticket)) }));
}

function show(number: string, fields: Shown): void {
  for (const group of [GROUPS.tickets, GROUPS.mytickets]) updateData(group, (data) => withTicket(data, number, fields));
  updateData([...GROUPS.singletickets, number], (ticket) => ({ ...(ticket as Ticket), ...fields }));
}

async function send(number: string, steps: readonly QuickStep[]): Promise<string | undefined> {
  let message: string | undefined;
  for (const step of steps) {
    message = (await request<Envelope<Ticket>>(`/tickets/${encodeURIComponent(number)}`, { method: 'PATCH', json: step })).message;
  }
  return message;
}

async function attempt(number: string, steps: readonly QuickStep[]): Promise<string | undefined | Error> {
  try {
    return await send(number, steps);
  } catch (error) {
    toast.error((error as Error).message);
    return error as Error;
  } finally {
    invalidate(...TICKET_GROUPS.map((group) => GROUPS[group]));
  }
}

async function undo(ticket: Ticket, steps: readonly QuickStep[]): Promise<void> {
  show(ticket.number, { status: ticket.status, developer: ticket.developer });
  const answer = await attempt(ticket.number, steps);
  if (typeof answer === 'string') toast.success(answer);
}

/** `run(ticket, plan)` acts; `pending` names the ticket in flight. */
export function useQuickAction() {
  const [pending, setPending] = useState<string>();
  async function run(ticket: Ticket, plan: QuickPlan): Promise<void> {
    setPending(ticket.number);
    show(ticket.number, plan.after);
    const answer = await attempt(ticket.number, [plan.change]);
    setPending(undefined);
    if (answer instanceof Error) return;
    const steps = plan.undo;
    const action = steps ? { label: 'Undo', run: () => void undo(ticket, steps) } : undefined;
    toast.success(answer ?? '', action ? { action, durationMs: UNDO_MS } : undefined);
  }
  return { run, pending };
}

/** What a ticket event says happened (design.md#live-updates): the action recorded, its change word, and its text line. */
import { oneLine, slaSentence, ticketInText, type TicketChange } from '../../shared/index.ts';

/** What happened, in words a chat tool shows as is (the webhook `text`). */
export type TicketAction =
  | { kind: 'created' | 'edited' | 'closed' | 'reopened' | 'unassigned' }
  | { kind: 'assigned'; developer: string; developer_id: number | null }
  | { kind: 'commented'; body: string }
  | { kind: 'comment-edited' | 'comment-deleted' }
  /** Time alone moved the ticket's service level (design.md#service-levels): the server's timer, no person. */
  | { kind: 'sla'; state: 'due_soon' | 'breached' };

const COMMENT_IN_TEXT_MAX = 140;


/** Chat tools read `<…>` as mentions and links (`<!channel>`, `<https://x|label>`): as text, they escape `&`, `<` and `>`. */
export const chatText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function describe(actor: string, ticket: { number: string; title: string }, action: TicketAction): string {
  const what = ticketInText(ticket);
  switch (action.kind) {
    case 'created': return `${actor} opened ${what}`;
    case 'edited': return `${actor} edited ${what}`;
    case 'assigned': return `${actor} assigned ${what} to ${action.developer}`;
    case 'unassigned': return `${actor} removed the developer from ${what}`;
    case 'closed': return `${actor} closed ${what}`;
    case 'reopened': return `${actor} reopened ${what}`;
    case 'commented': return `${actor} commented on ${what}: ${oneLine(action.body, COMMENT_IN_TEXT_MAX)}`;
    case 'comment-edited': return `${actor} edited a comment on ${what}`;
    case 'comment-deleted': return `${actor} deleted a comment on ${what}`;
    case 'sla': return slaSentence(what, action.state);
  }
}

/** The `change` of the live stream's frame and the webhook's body. */
export const CHANGE_OF: Record<TicketAction['kind'], TicketChange> = {
  created: 'created', edited: 'updated', assigned: 'status', unassigned: 'status', closed: 'status', reopened: 'status',
  commented: 'comment', 'comment-edited': 'comment', 'comment-deleted': 'comment', sla: 'sla',
};

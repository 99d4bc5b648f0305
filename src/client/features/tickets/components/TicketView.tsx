import type { ReactNode } from 'react';
import type { Ticket, User } from '../../../../shared/types.ts';
import type { Activity } from '../../../components/Timeline.tsx';
import { TicketInfo } from './TicketInfo.tsx';
import { useActivity } from './TicketLog.tsx';
import { TicketPanel } from './TicketPanel.tsx';
import styles from './TicketView.module.css';

/**
 * The ticket's timeline, drawn by app/ (where the comments feature meets this one: no feature
 * imports another) from the loaded ticket's number and its activity entries.
 */
export type CommentsSlot = (number: string, activity: Activity) => ReactNode;

export interface TicketViewProps {
  ticket: Ticket;
  user: User;
  actions?: ReactNode;
  comments: CommentsSlot;
}

/**
 * docs/design.md#ticket-page: the title and description, then one timeline; the fields and actions
 * in a panel beside it on wide screens (kept in view), between the description and the timeline on
 * a phone. The document order is that phone order, so a screen reader reads the timeline last, in order.
 */
export function TicketView({ ticket, user, actions, comments }: TicketViewProps) {
  const activity = useActivity(ticket.number);
  return (
    <div className={styles.layout}>
      <div className={styles.summary}>
        <TicketInfo ticket={ticket} />
      </div>
      <div className={styles.panel}>
        <TicketPanel ticket={ticket} user={user} actions={actions} />
      </div>
      <div className={styles.timeline}>{comments(ticket.number, activity)}</div>
    </div>
  );
}

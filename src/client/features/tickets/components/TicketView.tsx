import type { ReactNode } from 'react';
import type { Ticket } from '../../../../shared/types.ts';
import { TicketInfo } from './TicketInfo.tsx';
import { TicketLog } from './TicketLog.tsx';
import styles from './TicketView.module.css';

/**
 * The ticket's comments, filled in by app/ (the comments feature): no feature imports another.
 * Called with the loaded ticket's number.
 */
export type CommentsSlot = (number: string) => ReactNode;

export interface TicketViewProps {
  ticket: Ticket;
  actions?: ReactNode;
  comments: CommentsSlot;
}

/** The details and their comments beside the activity log on wide screens, stacked on phones. */
export function TicketView({ ticket, actions, comments }: TicketViewProps) {
  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <TicketInfo ticket={ticket} actions={actions} />
        {comments(ticket.number)}
      </div>
      <TicketLog number={ticket.number} />
    </div>
  );
}

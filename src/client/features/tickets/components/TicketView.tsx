import type { ReactNode } from 'react';
import type { Ticket } from '../../../../shared/types.ts';
import { Comments } from './Comments.tsx';
import { TicketInfo } from './TicketInfo.tsx';
import { TicketLog } from './TicketLog.tsx';
import styles from './TicketView.module.css';

/** The details and their comments beside the activity log on wide screens, stacked on phones. */
export function TicketView({ ticket, actions }: { ticket: Ticket; actions?: ReactNode }) {
  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <TicketInfo ticket={ticket} actions={actions} />
        <Comments number={ticket.number} />
      </div>
      <TicketLog number={ticket.number} />
    </div>
  );
}

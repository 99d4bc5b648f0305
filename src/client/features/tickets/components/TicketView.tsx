import type { ReactNode } from 'react';
import type { Ticket } from '../../../../shared/types.ts';
import { TicketInfo } from './TicketInfo.tsx';
import { TicketLog } from './TicketLog.tsx';
import styles from './TicketView.module.css';

/** The details and the activity log side by side on wide screens, stacked on phones. */
export function TicketView({ ticket, actions }: { ticket: Ticket; actions?: ReactNode }) {
  return (
    <div className={styles.layout}>
      <TicketInfo ticket={ticket} actions={actions} />
      <TicketLog number={ticket.number} />
    </div>
  );
}

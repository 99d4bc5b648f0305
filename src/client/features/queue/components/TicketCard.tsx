import { useState } from 'react';
import { Link } from 'wouter';
import { NO_VALUE } from '../../../../shared/constants.ts';
import type { Ticket } from '../../../../shared/types.ts';
import { CONFIRM } from '../../../../shared/messages.ts';
import { truncateName, truncateTitle } from '../../../../shared/format.ts';
import { useAuth } from '../../../lib/auth.ts';
import { Button } from '../../../components/Button.tsx';
import { CommentCount } from './CommentCount.tsx';
import { QuickAction } from './QuickAction.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PriorityBadge, StatusBadge } from '../../../components/Badge.tsx';
import { Deadlines } from '../../../components/Deadlines.tsx';
import { detailPath, type Area } from '../../../lib/paths.ts';
import { useChangeStatus } from '../../../api/ticketChange.ts';
import styles from './TicketCard.module.css';

export interface TicketCardProps {
  ticket: Ticket;
  area: Area;
}

/** product.md#ticket-card: the card's Close Ticket rule compares the creator's first name, not an id. */
function canCloseFromCard(ticket: Ticket, firstName: string | undefined) {
  return ticket.status === 'assigned' && firstName !== undefined && ticket.created_by === firstName;
}

export function TicketCard({ ticket, area }: TicketCardProps) {
  const firstName = useAuth((state) => state.user?.first_name);
  const [confirming, setConfirming] = useState(false);
  // The card stays where it is: a close from a list keeps the list on screen.
  const close = useChangeStatus({ onSuccess: () => setConfirming(false), onError: () => setConfirming(false) });
  const developer = ticket.developer?.name ? truncateName(ticket.developer.name) : NO_VALUE;
  const shown = truncateTitle(ticket.title);
  const specClose = canCloseFromCard(ticket, firstName);

  return (
    <article className={styles.card}>
      <div className={styles.top}>
        <span className={styles.number}>{ticket.number}</span>
        <PriorityBadge priority={ticket.priority} />
      </div>
      <h3 className={styles.title} title={ticket.title}>
        {/* The link stretches over the whole card; the Close button sits above it. */}
        {/* Named by the whole title: a screen reader should not hear the truncated one. Not an
            aria-label: a name that differs from the visible text trips up voice control. */}
        <Link href={detailPath(area, ticket.number)} className={styles.link}>
          {shown === ticket.title ? (
            shown
          ) : (
            <>
              <span aria-hidden="true">{shown}</span>
              <span className="visually-hidden">{ticket.title}</span>
            </>
          )}
        </Link>
      </h3>
      <dl className={styles.meta}>
        <div>
          <dt>Created by</dt>
          <dd title={ticket.created_by}>{truncateName(ticket.created_by)}</dd>
        </div>
        <div>
          <dt>Developer</dt>
          <dd title={ticket.developer?.name}>{developer}</dd>
        </div>
      </dl>
      <Deadlines ticket={ticket} />
      <div className={styles.bottom}>
        <StatusBadge status={ticket.status} />
        <CommentCount count={ticket.comment_count} />
        {specClose && (
          <Button variant="danger" size="sm" className={styles.action} onClick={() => setConfirming(true)}>
            Close Ticket
          </Button>
        )}
        {/* product.md's own 'Close Ticket' keeps its question; the quick action covers every other case. */}
        <QuickAction ticket={ticket} without={specClose ? ['close'] : []} className={styles.action} />
      </div>
      {confirming && (
        <ConfirmDialog
          open
          title={CONFIRM.closeTicket}
          confirmLabel="Yes"
          cancelLabel="Cancel"
          pending={close.isPending}
          onConfirm={() => close.mutate({ number: ticket.number, status: 'closed' })}
          onCancel={() => setConfirming(false)}
        />
      )}
    </article>
  );
}

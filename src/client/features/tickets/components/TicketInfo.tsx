import type { ReactNode } from 'react';
import type { Ticket } from '../../../../shared/types.ts';
import type { TicketSla } from '../../../../shared/sla.ts';
import { APP_LABELS, NO_VALUE } from '../../../../shared/constants.ts';
import { formatLogDate, isSafeLink } from '../../../../shared/format.ts';
import { EXTRA_FIELD_NAMES, EXTRA_FIELDS } from '../../../../shared/ticketFields.ts';
import { PriorityBadge, StatusBadge } from '../../../components/Badge.tsx';
import { Deadlines } from '../../../components/Deadlines.tsx';
import { TicketImage } from './TicketImage.tsx';
import { TicketWatch } from './TicketWatch.tsx';
import panel from '../../../components/Panel.module.css';
import styles from './TicketInfo.module.css';

/** Only inline images may be shown; anything else in the field is ignored. */
const IMAGE_PREFIX = 'data:image/';

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? `${styles.field} ${styles.wide}` : styles.field}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function TicketLink({ link }: { link: string | null }) {
  if (!link) return <>{NO_VALUE}</>;
  if (!isSafeLink(link)) return <span className={styles.break}>{link}</span>;
  return (
    <a href={link} target="_blank" rel="noopener noreferrer" className={styles.break}>
      {link}
    </a>
  );
}

/** The service level's deadlines (design.md#service-levels): when it must be taken, and closed. */
function SlaFields({ sla }: { sla: TicketSla }) {
  const taken = sla.responded_at ? ` (taken ${formatLogDate(sla.responded_at)})` : '';
  return (
    <>
      <Field label="Take by">{sla.respond_by ? `${formatLogDate(sla.respond_by)}${taken}` : NO_VALUE}</Field>
      <Field label="Close by">{sla.resolve_by ? formatLogDate(sla.resolve_by) : NO_VALUE}</Field>
    </>
  );
}

export interface TicketInfoProps {
  ticket: Ticket;
  /** The buttons the current user may use on this ticket. */
  actions?: ReactNode;
}

export function TicketInfo({ ticket, actions }: TicketInfoProps) {
  const image = ticket.image?.startsWith(IMAGE_PREFIX) ? ticket.image : null;
  return (
    <section className={panel.panel} aria-labelledby="ticket-title">
      <header className={styles.header}>
        <div className={styles.heading}>
          <span className={styles.number}>{ticket.number}</span>
          <h1 id="ticket-title" className={styles.title}>
            {ticket.title}
          </h1>
          <div className={styles.badges}>
            <StatusBadge status={ticket.status} />
            <PriorityBadge priority={ticket.priority} />
            <Deadlines ticket={ticket} />
          </div>
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
        <TicketWatch ticket={ticket} />
      </header>
      <dl className={styles.fields}>
        <Field label="Ticket number">{ticket.number}</Field>
        <Field label="App">{APP_LABELS[ticket.app] ?? ticket.app}</Field>
        <Field label="Category">{ticket.category}</Field>
        <Field label="Service">{ticket.service}</Field>
        <Field label="Created by">{ticket.created_by}</Field>
        <Field label="Developer">{ticket.developer?.name || NO_VALUE}</Field>
        <Field label="Created at">{formatLogDate(ticket.created_at)}</Field>
        {ticket.sla && ticket.sla.state !== 'none' && <SlaFields sla={ticket.sla} />}
        {EXTRA_FIELD_NAMES.map((field) => (
          <Field key={field} label={EXTRA_FIELDS[field].label}>
            {ticket[field] ? EXTRA_FIELDS[field].format(ticket[field]) : NO_VALUE}
          </Field>
        ))}
        <Field label="Link">
          <TicketLink link={ticket.link} />
        </Field>
        <Field label="Description" wide>
          <p className={styles.description}>{ticket.description}</p>
        </Field>
        {(image || ticket.has_image) && (
          <Field label="Image" wide>
            <TicketImage number={ticket.number} inline={image} hasImage={ticket.has_image} />
          </Field>
        )}
      </dl>
    </section>
  );
}

/**
 * The ticket's side panel (docs/design.md#ticket-page): the actions the viewer may take, then the
 * fields (status, priority, developer, due date, service level, where it came from) and who
 * watches it. Beside the timeline on wide screens, where it stays in view; above it on a phone.
 */
import type { ReactNode } from 'react';
import type { Ticket, User } from '../../../../shared/types.ts';
import type { TicketSla } from '../../../../shared/sla.ts';
import { APP_LABELS, NO_VALUE } from '../../../../shared/constants.ts';
import { formatLogDate } from '../../../../shared/format.ts';
import { EXTRA_FIELD_NAMES, EXTRA_FIELDS, type ExtraFieldName } from '../../../../shared/ticketFields.ts';
import { StatusBadge } from '../../../components/Badge.tsx';
import { SlaBadge } from '../../../components/DeadlineBadge.tsx';
import { panelEdits } from '../rules.ts';
import { DeveloperField, DueDateField, PriorityField } from './PanelFields.tsx';
import { TicketWatch } from './TicketWatch.tsx';
import panel from '../../../components/Panel.module.css';
import styles from './TicketPanel.module.css';

/** The panel edits the due date itself; any other field beyond the product's is shown as stored. */
const SHOWN_EXTRA_FIELDS: ExtraFieldName[] = EXTRA_FIELD_NAMES.filter((field): boolean => field !== 'due_date');

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The service level (design.md#service-levels): its state, when it must be taken, and closed. */
function SlaFields({ sla }: { sla: TicketSla }) {
  const taken = sla.responded_at ? ` (taken ${formatLogDate(sla.responded_at)})` : '';
  return (
    <>
      <Field label="Service level">
        <SlaBadge sla={sla} />
      </Field>
      <Field label="Take by">{sla.respond_by ? `${formatLogDate(sla.respond_by)}${taken}` : NO_VALUE}</Field>
      <Field label="Close by">{sla.resolve_by ? formatLogDate(sla.resolve_by) : NO_VALUE}</Field>
    </>
  );
}

export interface TicketPanelProps {
  ticket: Ticket;
  user: User;
  /** The buttons the viewer may use on this ticket (product.md#buttons). */
  actions?: ReactNode;
}

export function TicketPanel({ ticket, user, actions }: TicketPanelProps) {
  const edits = panelEdits(ticket, user);
  return (
    <aside className={`${panel.panel} ${styles.panel}`} aria-labelledby="ticket-panel-title">
      <h2 id="ticket-panel-title" className="visually-hidden">
        Ticket fields and actions
      </h2>
      {actions && <div className={styles.actions}>{actions}</div>}
      <dl className={styles.fields}>
        <Field label="Status">
          <StatusBadge status={ticket.status} />
        </Field>
        <PriorityField ticket={ticket} editable={edits.fields} />
        <DeveloperField ticket={ticket} editable={edits.developer} />
        <DueDateField ticket={ticket} editable={edits.fields} />
        {ticket.sla && ticket.sla.state !== 'none' && <SlaFields sla={ticket.sla} />}
        {SHOWN_EXTRA_FIELDS.map((field) => (
          <Field key={field} label={EXTRA_FIELDS[field].label}>
            {ticket[field] ? EXTRA_FIELDS[field].format(ticket[field]) : NO_VALUE}
          </Field>
        ))}
        <Field label="App">{APP_LABELS[ticket.app] ?? ticket.app}</Field>
        <Field label="Category">{ticket.category}</Field>
        <Field label="Service">{ticket.service}</Field>
        <Field label="Created by">{ticket.created_by}</Field>
        <Field label="Created at">{formatLogDate(ticket.created_at)}</Field>
      </dl>
      <TicketWatch ticket={ticket} />
    </aside>
  );
}

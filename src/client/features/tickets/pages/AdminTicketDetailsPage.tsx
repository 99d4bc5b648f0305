import { useState } from 'react';
import { useParams } from 'wouter';
import { ROUTES, withTicket } from '../../../lib/paths.ts';
import type { Ticket, User } from '../../../../shared/types.ts';
import { useTicket } from '../../../api/tickets.ts';
import { useAuth } from '../../../lib/auth.ts';
import { Button, NavButton } from '../../../components/Button.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { AssignDialog } from '../components/AssignDialog.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ConfirmAction, type ConfirmKind } from '../components/ConfirmAction.tsx';
import { TicketView, type CommentsSlot } from '../components/TicketView.tsx';
import { adminActions } from '../rules.ts';
import styles from '../../../components/Page.module.css';

type Asking = ConfirmKind | 'assign' | null;

function AdminButtons({ ticket, user, ask }: { ticket: Ticket; user: User; ask(kind: Asking): void }) {
  const can = adminActions(ticket, user);
  return (
    <>
      {can.edit && (
        <NavButton to={withTicket(ROUTES.admin.editTicket, ticket.number)} variant="secondary">
          Edit Ticket
        </NavButton>
      )}
      {can.assign && <Button onClick={() => ask('assign')}>Assign</Button>}
      {can.removeDeveloper && (
        <Button variant="secondary" onClick={() => ask('removeDeveloper')}>
          Remove developer
        </Button>
      )}
      {can.open && <Button onClick={() => ask('open')}>Open</Button>}
      {can.close && (
        <Button variant="danger" onClick={() => ask('close')}>
          Close Ticket
        </Button>
      )}
    </>
  );
}

export function AdminTicketDetailsPage({ comments }: { comments: CommentsSlot }) {
  const { ticketID } = useParams<{ ticketID: string }>();
  const ticket = useTicket(ticketID);
  const user = useAuth((state) => state.user);
  const [asking, setAsking] = useState<Asking>(null);
  if (!user) return null;
  const done = () => setAsking(null);

  return (
    <div className={styles.page}>
      <Breadcrumbs />
      <QueryState query={ticket}>
        {(loaded) => (
          <>
            <TicketView ticket={loaded} user={user} actions={<AdminButtons ticket={loaded} user={user} ask={setAsking} />} comments={comments} />
            {asking === 'assign' && <AssignDialog ticket={loaded} user={user} onClose={done} />}
            {asking && asking !== 'assign' && (
              <ConfirmAction kind={asking} ticket={loaded} user={user} area="admin" onClose={done} />
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}

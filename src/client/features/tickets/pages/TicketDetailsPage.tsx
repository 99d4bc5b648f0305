import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { areaOf, ROUTES, withTicket } from '../../../lib/paths.ts';
import type { Ticket, User } from '../../../../shared/types.ts';
import { useTicket } from '../../../api/tickets.ts';
import { useAuth } from '../../../lib/auth.ts';
import { Button, NavButton } from '../../../components/Button.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { BackLink } from '../components/BackLink.tsx';
import { ConfirmAction, type ConfirmKind } from '../components/ConfirmAction.tsx';
import { TicketView, type CommentsSlot } from '../components/TicketView.tsx';
import { detailsActions } from '../rules.ts';
import styles from '../../../components/Page.module.css';

function DetailsButtons({ ticket, user, ask }: { ticket: Ticket; user: User; ask(kind: ConfirmKind): void }) {
  const can = detailsActions(ticket, user);
  return (
    <>
      {can.edit && (
        <NavButton to={withTicket(ROUTES.support.editTicket, ticket.number)} variant="secondary">
          Edit Ticket
        </NavButton>
      )}
      {can.assignSelf && <Button onClick={() => ask('assignSelf')}>Assign to self</Button>}
      {can.open && <Button onClick={() => ask('open')}>Open</Button>}
      {can.close && (
        <Button variant="danger" onClick={() => ask('close')}>
          Close
        </Button>
      )}
    </>
  );
}

/** Support and developer ticket details; the area comes from the path. */
export function TicketDetailsPage({ comments }: { comments: CommentsSlot }) {
  const { ticketID } = useParams<{ ticketID: string }>();
  const [location] = useLocation();
  const area = areaOf(location);
  const ticket = useTicket(ticketID);
  const user = useAuth((state) => state.user);
  const [asking, setAsking] = useState<ConfirmKind | null>(null);
  if (!user) return null;

  return (
    <div className={styles.page}>
      <BackLink fallback={ROUTES[area].home} />
      <QueryState query={ticket}>
        {(loaded) => (
          <>
            <TicketView ticket={loaded} user={user} actions={<DetailsButtons ticket={loaded} user={user} ask={setAsking} />} comments={comments} />
            {asking && (
              <ConfirmAction kind={asking} ticket={loaded} user={user} area={area} onClose={() => setAsking(null)} />
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}

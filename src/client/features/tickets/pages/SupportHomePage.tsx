import { useState } from 'react';
import type { Ticket } from '../../../../shared/types.ts';
import { useAuth } from '../../../lib/auth.ts';
import { ButtonLink } from '../../../components/Button.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Tabs } from '../../../components/Tabs.tsx';
import { AllTicketsList, MyTicketsList } from '../components/TicketList.tsx';
import styles from '../components/Page.module.css';

type Scope = 'my' | 'all';
const SCOPES = [
  { value: 'my', label: 'My Tickets' },
  { value: 'all', label: 'All Tickets' },
] as const;

/** SPEC §6: support's own tickets are those whose creator is their first name. */
export const createdBy = (firstName: string | undefined) => (tickets: Ticket[]) =>
  tickets.filter((ticket) => ticket.created_by === firstName);

export function SupportHomePage() {
  const [scope, setScope] = useState<Scope>('my');
  const firstName = useAuth((state) => state.user?.first_name);

  return (
    <div className={styles.page}>
      <PageHeader
        title="Tickets"
        actions={
          <ButtonLink href="/support/create-ticket" variant="primary">
            Create Ticket
          </ButtonLink>
        }
      />
      <div className={styles.toolbar}>
        <Tabs value={scope} options={SCOPES} onChange={setScope} />
      </div>
      {scope === 'my' ? (
        <MyTicketsList area="support" select={createdBy(firstName)} empty="create" />
      ) : (
        <AllTicketsList area="support" empty="empty" />
      )}
    </div>
  );
}

import { useState } from 'react';
import type { Ticket } from '../../../../shared/types.ts';
import { useAuth } from '../../../lib/auth.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Tabs } from '../../../components/Tabs.tsx';
import { AllTicketsList, MyTicketsList } from '../components/TicketList.tsx';
import styles from '../components/Page.module.css';

type Tab = 'assigned' | 'all';
const TABS = [
  { value: 'assigned', label: 'Assigned Tickets' },
  { value: 'all', label: 'All Tickets' },
] as const;

/** SPEC §2: assigned tickets are my-tickets whose developer name is my first name. */
export const assignedTo = (firstName: string | undefined) => (tickets: Ticket[]) =>
  tickets.filter((ticket) => ticket.developer?.name === firstName);

export function DeveloperHomePage() {
  const [tab, setTab] = useState<Tab>('assigned');
  const firstName = useAuth((state) => state.user?.first_name);

  return (
    <div className={styles.page}>
      <PageHeader title="Tickets" />
      <div className={styles.toolbar}>
        <Tabs value={tab} options={TABS} onChange={setTab} />
      </div>
      {tab === 'assigned' ? (
        <MyTicketsList area="developer" select={assignedTo(firstName)} empty="assigned" />
      ) : (
        <AllTicketsList area="developer" empty="empty" />
      )}
    </div>
  );
}

import { useState } from 'react';
import { DEFAULT_STATUS_FILTER, type Status } from '../../../../shared/constants.ts';
import type { Ticket } from '../../../../shared/types.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Tabs } from '../../../components/Tabs.tsx';
import { StatusFilter } from '../components/StatusFilter.tsx';
import { AllTicketsList, MyTicketsList } from '../components/TicketList.tsx';
import styles from '../components/Page.module.css';

type Scope = 'all' | 'my';
const SCOPES = [
  { value: 'all', label: 'All Tickets' },
  { value: 'my', label: 'My Tickets' },
] as const;

/** Only a closed-only filter gets the 'No closed tickets yet.' state; every other empty list says 'You have no Ticket.' */
export function emptyVariantFor(selected: readonly Status[]) {
  return selected.length === 1 && selected[0] === 'closed' ? 'closed' : 'empty';
}

export function filterByStatus(tickets: Ticket[], selected: readonly Status[]) {
  const wanted = selected.length > 0 ? selected : DEFAULT_STATUS_FILTER;
  return tickets.filter((ticket) => wanted.includes(ticket.status));
}

export function AdminTicketsPage() {
  const [scope, setScope] = useState<Scope>('all');
  const [selected, setSelected] = useState<Status[]>([]);
  const List = scope === 'all' ? AllTicketsList : MyTicketsList;

  return (
    <div className={styles.page}>
      <PageHeader title="Tickets" />
      <div className={styles.toolbar}>
        <Tabs value={scope} options={SCOPES} onChange={setScope} />
        <StatusFilter selected={selected} onChange={setSelected} />
      </div>
      <List area="admin" select={(tickets) => filterByStatus(tickets, selected)} empty={emptyVariantFor(selected)} />
    </div>
  );
}

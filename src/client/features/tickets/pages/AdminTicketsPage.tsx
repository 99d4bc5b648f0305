import { useState } from 'react';
import { DEFAULT_STATUS_FILTER, type Status } from '../../../../shared/constants.ts';
import type { EmptyVariant } from '../../../../shared/messages.ts';
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

/**
 * Which empty state an empty list shows (SPEC §2: empty and closed lists differ):
 *  - only Closed selected: 'No closed tickets yet.';
 *  - no ticket at all in the chosen scope: 'You have no Ticket.';
 *  - tickets exist but the open-work filter (the default, or Opened/Assigned without Closed)
 *    hides them all: 'You have no Opened or assigned ticket.'.
 */
export function emptyVariantFor(selected: readonly Status[], loaded: readonly Ticket[] = []): EmptyVariant {
  if (selected.length === 1 && selected[0] === 'closed') return 'closed';
  if (loaded.length === 0 || selected.includes('closed')) return 'empty';
  return 'opened';
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
      <List area="admin" select={(tickets) => filterByStatus(tickets, selected)} empty={(loaded) => emptyVariantFor(selected, loaded)} />
    </div>
  );
}

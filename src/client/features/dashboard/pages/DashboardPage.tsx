import { useMemo } from 'react';
import type { Ticket } from '../../../../shared/types.ts';
import { useCategories } from '../../../api/config.ts';
import { useTickets } from '../../../api/tickets.ts';
import { useDevelopers, useStaff } from '../../../api/users.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { TicketGrid } from '../../../components/tickets/TicketGrid.tsx';
import { StatTile } from '../components/StatTile.tsx';
import styles from './DashboardPage.module.css';

const TITLE = 'Dashboard';
const TICKETS_HEADING = 'All Tickets';

// ISO-8601 UTC stamps sort as plain strings; localeCompare would cost ICU calls on 10,000 tickets.
const newestFirst = (tickets: readonly Ticket[]) =>
  [...tickets].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));

export function DashboardPage() {
  const tickets = useTickets();
  const staff = useStaff();
  const developers = useDevelopers();
  const categories = useCategories();
  const sorted = useMemo(() => newestFirst(tickets.data ?? []), [tickets.data]);

  return (
    <section>
      <PageHeader title={TITLE} />
      <div className={styles.tiles}>
        <StatTile label="Total Tickets" icon="ticket" query={tickets} />
        <StatTile label="Staffs" icon="users" query={staff} />
        <StatTile label="Developers" icon="user" query={developers} />
        <StatTile label="Categories" icon="category" query={categories} />
      </div>
      <h2 className={styles.heading}>{TICKETS_HEADING}</h2>
      <QueryState query={tickets}>
        {(list) => (list.length === 0 ? <EmptyState variant="empty" /> : <TicketGrid tickets={sorted} area="admin" />)}
      </QueryState>
    </section>
  );
}

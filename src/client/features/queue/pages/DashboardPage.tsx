import { useCategories } from '../../../api/config.ts';
import { useTicketPages, useTicketStats } from '../../../api/tickets.ts';
import { useDevelopers, useStaff } from '../../../api/users.ts';
import { useSlaOn } from '../../../api/sla.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { TicketPages } from '../components/TicketPages.tsx';
import { StatTile } from '../../../components/StatTile.tsx';
import { ROUTES } from '../../../lib/paths.ts';
import { useSavedScroll, useScrollMemory } from '../../../lib/scrollMemory.ts';
import styles from './DashboardPage.module.css';

const TITLE = 'Dashboard';
const TICKETS_HEADING = 'All Tickets';
/** Every ticket, newest first by created_at (the server's default sort). */
const ALL_NEWEST: Record<string, never> = {};

export function DashboardPage() {
  const stats = useTicketStats(ALL_NEWEST);
  // Back to the dashboard brings back its 'Show more' pages and scroll position (issue 13).
  const memory = useSavedScroll(ROUTES.admin.home);
  const tickets = useTicketPages('all', ALL_NEWEST, memory[0]?.pages ?? 1);
  useScrollMemory(ROUTES.admin.home, memory, tickets.data?.length, !tickets.isFetching);
  const staff = useStaff();
  const developers = useDevelopers();
  const categories = useCategories();
  const slaOn = useSlaOn();

  return (
    <section>
      <PageHeader title={TITLE} />
      <div className={styles.tiles}>
        <StatTile label="Total Tickets" icon="ticket" href={ROUTES.admin.tickets} count={stats.data?.total} pending={stats.isPending} />
        <StatTile label="Staffs" icon="users" href={ROUTES.admin.staff} count={staff.data?.length} pending={staff.isPending} />
        <StatTile label="Developers" icon="user" href={ROUTES.admin.developers} count={developers.data?.length} pending={developers.isPending} />
        <StatTile label="Categories" icon="category" href={ROUTES.admin.categories} count={categories.data?.length} pending={categories.isPending} />
        {slaOn && (
          <>
            <StatTile label="Due soon" icon="warning" href={`${ROUTES.admin.tickets}?sla=due_soon`} count={stats.data?.sla?.due_soon} pending={stats.isPending} />
            <StatTile label="Breached" icon="breached" href={`${ROUTES.admin.tickets}?sla=breached`} count={stats.data?.sla?.breached} pending={stats.isPending} />
          </>
        )}
      </div>
      <h2 className={styles.heading}>{TICKETS_HEADING}</h2>
      <TicketPages query={tickets} area="admin" empty={<EmptyState variant="empty" />} />
    </section>
  );
}

import type { EmptyVariant } from '../../../../shared/messages.ts';
import type { Ticket } from '../../../../shared/types.ts';
import type { QueryResult } from '../../../lib/query.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useMyTickets, useTickets } from '../../../api/tickets.ts';
import { TicketGrid } from '../../../components/tickets/TicketGrid.tsx';
import type { TicketArea } from '../../../components/tickets/ticketChanges.ts';

export interface TicketListProps {
  query: QueryResult<Ticket[]>;
  area: TicketArea;
  /** Narrows the loaded list (own tickets, status filter). */
  select?(tickets: Ticket[]): Ticket[];
  empty: EmptyVariant;
}

/** 'Loading', '<message>...', the empty state, or the grid. */
export function TicketList({ query, area, select, empty }: TicketListProps) {
  return (
    <QueryState query={query}>
      {(tickets) => {
        const shown = select ? select(tickets) : tickets;
        return shown.length === 0 ? <EmptyState variant={empty} /> : <TicketGrid tickets={shown} area={area} />;
      }}
    </QueryState>
  );
}

type SourceProps = Omit<TicketListProps, 'query'>;

/** One component per source, so only the list on screen is fetched. */
export function AllTicketsList(props: SourceProps) {
  return <TicketList query={useTickets()} {...props} />;
}

export function MyTicketsList(props: SourceProps) {
  return <TicketList query={useMyTickets()} {...props} />;
}

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
  /** The empty state, or a choice of one from the whole loaded list (before `select`). */
  empty: EmptyVariant | ((loaded: Ticket[]) => EmptyVariant);
}

/** 'Loading', '<message>...', the empty state, or the grid. */
export function TicketList({ query, area, select, empty }: TicketListProps) {
  return (
    <QueryState query={query}>
      {(tickets) => {
        const shown = select ? select(tickets) : tickets;
        if (shown.length > 0) return <TicketGrid tickets={shown} area={area} />;
        return <EmptyState variant={typeof empty === 'function' ? empty(tickets) : empty} />;
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

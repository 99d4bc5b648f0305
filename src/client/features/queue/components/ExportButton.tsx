/** 'Export CSV': the list's current filter and sort as a file, fetched with the token (never in a URL). */
import type { TicketQuery } from '../../../../shared/workQueue.ts';
import { ticketExportPath } from '../../../api/tickets.ts';
import { Button } from '../../../components/Button.tsx';
import { saveBlob } from '../../../lib/download.ts';
import { requestBlob } from '../../../lib/request.ts';
import { useChange } from '../../../lib/useChange.ts';

/** 'tickets-2026-11-22.csv' */
const fileName = () => `tickets-${new Date().toISOString().slice(0, 10)}.csv`;

export function ExportButton({ query }: { query: TicketQuery }) {
  // A file, not a change: nothing to refresh; a failure is toasted like any other.
  const exportCsv = useChange((q: TicketQuery) => requestBlob(ticketExportPath(q), 'text/csv'), { onSuccess: (blob) => saveBlob(blob, fileName()) });
  return (
    <Button variant="secondary" size="sm" onClick={() => exportCsv.mutate(query)} disabled={exportCsv.isPending} aria-busy={exportCsv.isPending}>
      {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}

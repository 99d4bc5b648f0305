/** The CSV export (design.md#work-queue-api): RFC 4180, and never a formula when a spreadsheet opens it (src/shared/csv.ts). */
import { CSV_BOM as BOM, CSV_NEWLINE as NEWLINE, csvCell, EXTRA_FIELD_NAMES, EXTRA_FIELDS } from '../../shared/index.ts';
import type { TicketRow } from '../store/ticket-json.ts';

type Column = [header: string, cell: (row: TicketRow) => string | number | null];

const COLUMNS: readonly Column[] = [
  ['Number', (row) => row.number],
  ['Title', (row) => row.title],
  ['Status', (row) => row.status],
  ['Priority', (row) => row.priority],
  ['App', (row) => row.app],
  ['Category', (row) => row.category],
  ['Service', (row) => row.service],
  ['Created by', (row) => row.created_by],
  ['Developer', (row) => row.developer_name],
  ['Created at', (row) => row.created_at],
  ['Updated at', (row) => row.updated_at],
  ...EXTRA_FIELD_NAMES.map((field) => [EXTRA_FIELDS[field].label, (row: TicketRow) => row[field]] as Column),
  ['Link', (row) => row.link],
  ['Description', (row) => row.description],
];

/** The file, one chunk per batch of rows. */
export function* ticketCsv(batches: Iterable<TicketRow[]>): Generator<string> {
  yield BOM + COLUMNS.map(([header]) => header).join(',') + NEWLINE;
  for (const batch of batches) {
    if (batch.length === 0) continue;
    yield batch.map((row) => COLUMNS.map(([, cell]) => csvCell(cell(row))).join(',')).join(NEWLINE) + NEWLINE;
  }
}

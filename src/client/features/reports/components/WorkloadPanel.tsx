/** Developer workload: open now, closed in the range and the median time to close, per developer. */
import { Link } from 'wouter';
import { ChartPanel } from '../../../components/charts/ChartPanel.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import type { ReportGroupRow } from '../../../../shared/report.ts';
import { useReport } from '../api.ts';
import { durationColumn } from '../format.ts';
import { queueHref } from '../queueLink.ts';

const HEADER = ['Developer', 'Open now', 'Closed in range'];
const MEDIAN = 'Median time to close';


function summary(rows: readonly ReportGroupRow[]): string {
  const open = rows.reduce((total, row) => total + row.open, 0);
  return `${rows.length} rows, one per developer (and tickets without one): ${open} open tickets in all. Each name opens that developer's open tickets.`;
}

export function WorkloadPanel({ from, to, range }: { from: string; to: string; range: string }) {
  const report = useReport({ from, to, group: 'developer' });
  return <QueryState query={report}>{(data) => <WorkloadTable rows={data.groups} range={range} />}</QueryState>;
}

function WorkloadTable({ rows, range }: { rows: readonly ReportGroupRow[]; range: string }) {
  const median = durationColumn(MEDIAN, rows.map((g) => g.median_close_hours));
  return (
    <ChartPanel
      title="Developer workload"
      summary={summary(rows)}
      table={{ header: [...HEADER, median.header], rows: rows.map((g, i) => [g.label, g.open, g.closed, median.cells[i] ?? null]) }}
      fileName={`workload-${range}`}
      stackOnPhone
      renderCell={(value, row, column) => (column === 0 ? <Link href={queueHref('developer', rows[row]!.key, 'open')}>{value}</Link> : (value ?? '–'))}
    />
  );
}

/** Developer workload: open now, closed in the range and the median time to close, per developer. */
import { Link } from 'wouter';
import { ChartPanel } from '../../../components/charts/ChartPanel.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import type { ReportGroupRow } from '../../../../shared/report.ts';
import { useReport } from '../api.ts';
import { queueHref } from '../queueLink.ts';

const HEADER = ['Developer', 'Open now', 'Closed in range', 'Median time to close (h)'];


function summary(rows: readonly ReportGroupRow[]): string {
  const open = rows.reduce((total, row) => total + row.open, 0);
  return `${rows.length} rows, one per developer (and tickets without one): ${open} open tickets in all. Each name opens that developer's open tickets.`;
}

export function WorkloadPanel({ from, to, range }: { from: string; to: string; range: string }) {
  const report = useReport({ from, to, group: 'developer' });
  return (
    <QueryState query={report}>
      {(data) => (
        <ChartPanel
          title="Developer workload"
          summary={summary(data.groups)}
          table={{ header: HEADER, rows: data.groups.map((g) => [g.label, g.open, g.closed, g.median_close_hours]) }}
          fileName={`workload-${range}`}
          stackOnPhone
          renderCell={(value, row, column) =>
            column === 0 ? <Link href={queueHref('developer', data.groups[row]!.key, 'open')}>{value}</Link> : (value ?? '–')
          }
        />
      )}
    </QueryState>
  );
}

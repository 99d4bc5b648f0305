/** Reports (design.md#reports): how the queue is doing over a range of UTC days, for admins. */
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { BarList } from '../../../components/charts/BarList.tsx';
import { ChartPanel } from '../../../components/charts/ChartPanel.tsx';
import { ColumnChart, type Series } from '../../../components/charts/ColumnChart.tsx';
import { LineChart } from '../../../components/charts/LineChart.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { isEmptyReport, type Report, type ReportGroup } from '../../../../shared/report.ts';
import { useReport } from '../api.ts';
import { ReportControls } from '../components/ReportControls.tsx';
import { TimeTiles } from '../components/TimeTiles.tsx';
import { WorkloadPanel } from '../components/WorkloadPanel.tsx';
import { SlaMetPanel, hasSlaShares } from '../components/SlaMetPanel.tsx';
import { useSlaOn } from '../../../api/sla.ts';
import { durationColumn, longDay, shortDay, utcDayNote } from '../format.ts';
import { EmptyReport, NO_BACKLOG, NO_CREATED_OR_CLOSED } from '../components/EmptyReport.tsx';
import { queueHref, type BarKind } from '../queueLink.ts';
import { readReportState, reportSearch, type ReportState } from '../reportUrl.ts';
import { breakdownSummary, backlogSummary, perDaySummary } from '../summaries.ts';
import styles from './ReportsPage.module.css';

const TITLE = 'Reports';
export const SERIES = {
  created: { name: 'Created', color: 'var(--chart-created)' },
  closed: { name: 'Closed', color: 'var(--chart-closed)' },
  open: { name: 'Open now', color: 'var(--chart-open)' },
  backlog: { name: 'Open backlog', color: 'var(--chart-backlog)' },
} as const satisfies Record<string, Series>;
const BAR_KINDS: readonly BarKind[] = ['created', 'closed', 'open'];
const GROUP_NAMES: Record<ReportGroup, string> = { app: 'app', category: 'category', service: 'service', priority: 'priority', developer: 'developer' };
const GROUP_PLURALS: Record<ReportGroup, string> = { app: 'apps', category: 'categories', service: 'services', priority: 'priorities', developer: 'developers' };

export function ReportsPage() {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const state = readReportState(search, Date.now());
  const report = useReport({ from: state.from, to: state.to, group: state.group });
  const go = (next: ReportState) => navigate(path + reportSearch(next));

  return (
    <section className={styles.page}>
      <PageHeader
        title={TITLE}
        actions={
          <Button variant="secondary" size="sm" onClick={() => window.print()}>
            Print
          </Button>
        }
      />
      <ReportControls key={search} state={state} onChange={go} />
      <p className={styles.range}>
        <strong>
          {longDay(state.from)} – {longDay(state.to)}
        </strong>{' '}
        <span className={styles.note}>{utcDayNote(state.from)}</span>
      </p>
      <QueryState query={report}>{(data) => <ReportBody data={data} state={state} />}</QueryState>
    </section>
  );
}

function ReportBody({ data, state }: { data: Report; state: ReportState }) {
  if (isEmptyReport(data)) return <EmptyReport from={state.from} to={state.to} />;
  return <ReportFigures data={data} state={state} />;
}

function ReportFigures({ data, state }: { data: Report; state: ReportState }) {
  const days = data.per_day;
  const median = durationColumn('Median time to close', data.groups.map((g) => g.median_close_hours));
  const dayTable = { header: ['Date (UTC)', 'Created', 'Closed', 'Open backlog'], rows: days.map((d) => [d.date, d.created, d.closed, d.backlog]) };
  const groupName = GROUP_NAMES[state.group];
  const range = `${state.from}-to-${state.to}`;
  const slaOn = useSlaOn();
  return (
    <div className={styles.body}>
      <TimeTiles assign={data.time_to_assign} close={data.time_to_close} />
      <div className={styles.grid}>
        <ChartPanel title="Created and closed per day" summary={perDaySummary(days)} table={{ header: dayTable.header.slice(0, 3), rows: dayTable.rows.map((r) => r.slice(0, 3)) }} fileName={`created-closed-${range}`} legend={[SERIES.created, SERIES.closed]} empty={days.every((d) => d.created === 0 && d.closed === 0) ? NO_CREATED_OR_CLOSED : undefined}>
          <ColumnChart label="Created and closed per day" series={[SERIES.created, SERIES.closed]} categories={days.map((d) => ({ key: d.date, label: shortDay(d.date), values: [d.created, d.closed] }))} />
        </ChartPanel>
        <ChartPanel title="Open backlog" summary={backlogSummary(days)} table={{ header: ['Date (UTC)', 'Open backlog'], rows: days.map((d) => [d.date, d.backlog]) }} fileName={`backlog-${range}`} empty={days.every((d) => d.backlog === 0) ? NO_BACKLOG : undefined}>
          <LineChart label="Open backlog at the end of each day" series={SERIES.backlog} categories={days.map((d) => ({ key: d.date, label: shortDay(d.date), values: [d.backlog] }))} />
        </ChartPanel>
        <ChartPanel
          title={`Breakdown by ${groupName}`}
          summary={breakdownSummary(data.groups, groupName, GROUP_PLURALS[state.group])}
          table={{ header: [groupName[0]!.toUpperCase() + groupName.slice(1), 'Created', 'Closed', 'Open now', median.header], rows: data.groups.map((g, i) => [g.label, g.created, g.closed, g.open, median.cells[i] ?? null]) }}
          fileName={`breakdown-${state.group}-${range}`}
          legend={[SERIES.created, SERIES.closed, SERIES.open]}
          empty={data.groups.length === 0 ? 'No tickets in these days.' : undefined}
        >
          <BarList
            label={`Breakdown by ${groupName}: each bar opens the work queue`}
            series={[SERIES.created, SERIES.closed, SERIES.open]}
            linkHint="Click to open these tickets in the work queue"
            rows={data.groups.map((g) => ({ key: g.key, label: g.label, values: [g.created, g.closed, g.open], hrefs: BAR_KINDS.map((kind) => queueHref(state.group, g.key, kind)) }))}
          />
        </ChartPanel>
        {(slaOn || hasSlaShares(data.groups)) && (
          <SlaMetPanel groups={data.groups} groupName={groupName} title={`Service levels met by ${groupName}`} fileName={`sla-met-${state.group}-${range}`} />
        )}
        <WorkloadPanel from={state.from} to={state.to} range={range} />
      </div>
    </div>
  );
}


/** Service levels in the report (docs/design.md#service-levels): the share of targets met per group, in percent. */
import { BarList } from '../../../components/charts/BarList.tsx';
import { ChartPanel } from '../../../components/charts/ChartPanel.tsx';
import type { Series } from '../../../components/charts/ColumnChart.tsx';
import type { ReportGroupRow } from '../../../../shared/report.ts';

const MET: Series = { name: 'Targets met', color: 'var(--chart-closed)' };
const PERCENT = 100;
export const NO_TARGETS_DUE = 'No service-level targets came due in these days.';

const percent = (share: number) => Math.round(share * PERCENT);

/** Whether the report says anything about service levels: a server before them sends no share at all. */
export const hasSlaShares = (groups: readonly ReportGroupRow[]) => groups.some((g) => g.sla_met_share !== undefined && g.sla_met_share !== null);

export function slaMetSummary(groups: readonly ReportGroupRow[], groupName: string): string {
  const measured = groups.filter((g) => typeof g.sla_met_share === 'number');
  if (measured.length === 0) return NO_TARGETS_DUE;
  const sorted = [...measured].sort((a, b) => b.sla_met_share! - a.sla_met_share!);
  const best = sorted[0]!;
  const worst = sorted.at(-1)!;
  const base = `Share of service-level targets met, per ${groupName}: the most ${best.label} (${percent(best.sla_met_share!)}%)`;
  return best === worst ? `${base}.` : `${base}, the fewest ${worst.label} (${percent(worst.sla_met_share!)}%).`;
}

export function SlaMetPanel({ groups, groupName, title, fileName }: { groups: readonly ReportGroupRow[]; groupName: string; title: string; fileName: string }) {
  const measured = groups.filter((g) => typeof g.sla_met_share === 'number');
  return (
    <ChartPanel
      title={title}
      summary={slaMetSummary(groups, groupName)}
      table={{ header: [groupName[0]!.toUpperCase() + groupName.slice(1), 'Targets met (%)'], rows: groups.map((g) => [g.label, typeof g.sla_met_share === 'number' ? percent(g.sla_met_share) : null]) }}
      fileName={fileName}
      legend={[MET]}
      empty={measured.length === 0 ? NO_TARGETS_DUE : undefined}
    >
      <BarList label={title} series={[MET]} max={PERCENT} unit="%" rows={measured.map((g) => ({ key: g.key, label: g.label, values: [percent(g.sla_met_share!)] }))} />
    </ChartPanel>
  );
}

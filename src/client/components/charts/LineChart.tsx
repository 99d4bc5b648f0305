/** One series as a line over a shaded area (the backlog over days); each point is one mark. */
import { Axes, type Frame } from './Axes.tsx';
import { ChartTooltip } from './ChartTooltip.tsx';
import type { Category, Series } from './ColumnChart.tsx';
import { useMarks, type Mark } from './marks.ts';
import { ticksFor } from './scale.ts';
import { useWidth } from './useWidth.ts';
import styles from './Chart.module.css';

export interface LineChartProps {
  label: string;
  series: Series;
  /** Each with one value. */
  categories: readonly Category[];
  /** @default 220 */
  height?: number;
}

const MARGIN = { left: 36, right: 8, top: 12, bottom: 24 };

export function LineChart({ label, series, categories, height = 220 }: LineChartProps) {
  const [ref, width] = useWidth();
  const frame: Frame = { left: MARGIN.left, top: MARGIN.top, width: width - MARGIN.left - MARGIN.right, height: height - MARGIN.top - MARGIN.bottom };
  const ticks = ticksFor(Math.max(0, ...categories.map((c) => c.values[0] ?? 0)));
  const top = ticks[ticks.length - 1]!;
  const band = frame.width / Math.max(1, categories.length);
  const points = categories.map((category, i) => ({
    x: frame.left + band * (i + 0.5),
    y: frame.top + frame.height - ((category.values[0] ?? 0) / top) * frame.height,
  }));
  const bottom = frame.top + frame.height;
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const area = points.length ? `${line} L${points[points.length - 1]!.x.toFixed(1)},${bottom} L${points[0]!.x.toFixed(1)},${bottom} Z` : '';
  const marks: Mark[] = categories.map((category, i) => ({ key: category.key, x: points[i]!.x, y: points[i]!.y, lines: [category.label, `${series.name}: ${category.values[0] ?? 0}`] }));
  const { shown, markProps } = useMarks(marks.length, () => {});

  return (
    <div ref={ref} className={styles.chart} style={{ height }}>
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="group" aria-label={label} className={styles.svg}>
        <Axes frame={frame} ticks={ticks} labels={categories.map((c) => c.label)} />
        <g aria-hidden="true">
          <path d={area} fill={series.color} className={styles.area} />
          <path d={line} fill="none" stroke={series.color} strokeWidth={2} strokeLinejoin="round" />
          {shown !== null && points[shown] && <circle cx={points[shown].x} cy={points[shown].y} r={4} fill={series.color} className={styles.dot} />}
        </g>
        {marks.map((mark, i) => (
          <rect key={mark.key} className={styles.mark} x={frame.left + band * i} y={frame.top} width={band} height={frame.height} role="img" aria-label={mark.lines.join(', ')} {...markProps(i)} />
        ))}
      </svg>
      <ChartTooltip mark={shown === null ? undefined : marks[shown]} width={width} />
    </div>
  );
}

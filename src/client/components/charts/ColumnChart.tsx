/** Columns per category (a day), one bar per series side by side; each category is one mark. */
import { Axes, type Frame } from './Axes.tsx';
import { ChartTooltip } from './ChartTooltip.tsx';
import { useMarks, type Mark } from './marks.ts';
import { ticksFor } from './scale.ts';
import { useWidth } from './useWidth.ts';
import styles from './Chart.module.css';

export interface Series {
  name: string;
  /** A CSS colour, from the design tokens: 'var(--chart-created)'. */
  color: string;
}

export interface Category {
  key: string;
  /** Under the axis, and first in the tooltip. */
  label: string;
  /** One per series. */
  values: readonly number[];
}

export interface ColumnChartProps {
  /** The chart's accessible name. */
  label: string;
  series: readonly Series[];
  categories: readonly Category[];
  /** @default 220 */
  height?: number;
}

const MARGIN = { left: 36, right: 8, top: 12, bottom: 24 };
/** Share of a category's band the bars fill; the rest separates days. */
const FILL = 0.8;

export function ColumnChart({ label, series, categories, height = 220 }: ColumnChartProps) {
  const [ref, width] = useWidth();
  const frame: Frame = { left: MARGIN.left, top: MARGIN.top, width: width - MARGIN.left - MARGIN.right, height: height - MARGIN.top - MARGIN.bottom };
  const ticks = ticksFor(Math.max(0, ...categories.flatMap((c) => c.values)));
  const top = ticks[ticks.length - 1]!;
  const band = frame.width / Math.max(1, categories.length);
  const barWidth = (band * FILL) / series.length;
  const yOf = (value: number) => frame.top + frame.height - (value / top) * frame.height;
  const marks: Mark[] = categories.map((category, i) => ({
    key: category.key,
    x: frame.left + band * (i + 0.5),
    y: yOf(Math.max(...category.values)),
    lines: [category.label, ...series.map((s, j) => `${s.name}: ${category.values[j] ?? 0}`)],
  }));
  const { shown, markProps } = useMarks(marks.length, () => {});

  return (
    <div ref={ref} className={styles.chart} style={{ height }}>
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="group" aria-label={label} className={styles.svg}>
        <Axes frame={frame} ticks={ticks} labels={categories.map((c) => c.label)} />
        {shown !== null && <rect className={styles.highlight} x={frame.left + band * shown} y={frame.top} width={band} height={frame.height} aria-hidden="true" />}
        <g aria-hidden="true">
          {categories.map((category, i) =>
            series.map((s, j) => {
              const value = category.values[j] ?? 0;
              const y = yOf(value);
              return value > 0 ? (
                <rect key={`${category.key}-${s.name}`} x={frame.left + band * i + (band * (1 - FILL)) / 2 + barWidth * j} y={y} width={Math.max(1, barWidth - 1)} height={frame.top + frame.height - y} fill={s.color} rx={Math.min(2, barWidth / 4)} />
              ) : null;
            }),
          )}
        </g>
        {marks.map((mark, i) => (
          <rect key={mark.key} className={styles.mark} x={frame.left + band * i} y={frame.top} width={band} height={frame.height} role="img" aria-label={mark.lines.join(', ')} {...markProps(i)} />
        ))}
      </svg>
      <ChartTooltip mark={shown === null ? undefined : marks[shown]} width={width} />
    </div>
  );
}

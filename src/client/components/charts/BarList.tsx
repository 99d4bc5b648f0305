/**
 * Horizontal bars, a few per row (created, closed and open for each category): the row's label
 * above its bars, so long names fit a phone. Each bar is one mark; a bar with an href is a link.
 */
import { useLocation } from 'wouter';
import { ChartTooltip } from './ChartTooltip.tsx';
import type { Series } from './ColumnChart.tsx';
import { useMarks, type Mark } from './marks.ts';
import { useWidth } from './useWidth.ts';
import styles from './Chart.module.css';

export interface BarRow {
  key: string;
  label: string;
  /** One per series. */
  values: readonly number[];
  /** Where each bar leads, one per series. */
  hrefs?: readonly (string | undefined)[];
}

export interface BarListProps {
  label: string;
  series: readonly Series[];
  rows: readonly BarRow[];
  /** A last line in each link's tooltip: what a click does. */
  linkHint?: string;
  /** The value a full-width bar stands for (100 for a percentage). @default the largest value */
  max?: number;
  /** Written after each value: '%'. @default none */
  unit?: string;
}

const LABEL_HEIGHT = 20;
const BAR_HEIGHT = 10;
const BAR_GAP = 4;
const ROW_GAP = 14;
/** Room after the longest bar for its value. */
const VALUE_ROOM = 44;

export function BarList({ label, series, rows, linkHint, max: fullBar, unit = '' }: BarListProps) {
  const [ref, width] = useWidth();
  const [, navigate] = useLocation();
  const rowHeight = LABEL_HEIGHT + series.length * (BAR_HEIGHT + BAR_GAP) + ROW_GAP;
  const height = Math.max(rowHeight, rows.length * rowHeight);
  const max = fullBar ?? Math.max(1, ...rows.flatMap((row) => row.values));
  const lengthOf = (value: number) => (value / max) * (width - VALUE_ROOM);
  const barY = (row: number, s: number) => row * rowHeight + LABEL_HEIGHT + s * (BAR_HEIGHT + BAR_GAP);
  const marks: Mark[] = rows.flatMap((row, r) =>
    series.map((s, j) => {
      const href = row.hrefs?.[j];
      const value = row.values[j] ?? 0;
      return {
        key: `${row.key}-${s.name}`,
        x: Math.max(8, lengthOf(value) / 2),
        y: barY(r, j),
        lines: [row.label, `${s.name}: ${value}${unit}`, ...(href && linkHint ? [linkHint] : [])],
        href,
      };
    }),
  );
  const { shown, markProps } = useMarks(marks.length, (index) => {
    const href = marks[index]?.href;
    if (href) navigate(href);
  });

  return (
    <div ref={ref} className={styles.chart} style={{ height }}>
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="group" aria-label={label} className={styles.svg}>
        <g aria-hidden="true">
          {rows.map((row, r) => (
            <g key={row.key}>
              <text className={styles.rowLabel} x={0} y={r * rowHeight + 14}>
                {row.label}
              </text>
              {series.map((s, j) => {
                const value = row.values[j] ?? 0;
                const y = barY(r, j);
                return (
                  <g key={s.name}>
                    <rect className={styles.track} x={0} y={y} width={width - VALUE_ROOM} height={BAR_HEIGHT} rx={2} />
                    {value > 0 && <rect x={0} y={y} width={Math.max(2, lengthOf(value))} height={BAR_HEIGHT} rx={2} fill={s.color} />}
                    <text className={styles.axisText} x={Math.max(2, lengthOf(value)) + 6} y={y + BAR_HEIGHT / 2} dominantBaseline="middle">
                      {value}
                      {unit}
                    </text>
                  </g>
                );
              })}
            </g>
          ))}
        </g>
        {marks.map((mark, i) => {
          const row = Math.floor(i / series.length);
          const y = barY(row, i % series.length) - BAR_GAP / 2;
          return (
            <rect key={mark.key} className={mark.href ? `${styles.mark} ${styles.link}` : styles.mark} x={0} y={y} width={width} height={BAR_HEIGHT + BAR_GAP}
              role={mark.href ? 'link' : 'img'} aria-label={mark.lines.join(', ')} {...markProps(i)} />
          );
        })}
      </svg>
      <ChartTooltip mark={shown === null ? undefined : marks[shown]} width={width} />
    </div>
  );
}

/** The exact values of the mark under the pointer or the focus, above it, kept inside the chart. */
import type { Mark } from './marks.ts';
import styles from './Chart.module.css';

/** Keeps the tooltip's centre this far from the chart's edges, so it is never cut off. */
const EDGE_PX = 80;

export function ChartTooltip({ mark, width }: { mark: Mark | undefined; width: number }) {
  if (!mark) return null;
  const left = Math.min(Math.max(mark.x, EDGE_PX), Math.max(EDGE_PX, width - EDGE_PX));
  return (
    <div className={styles.tooltip} style={{ left, top: mark.y }} role="presentation" aria-hidden="true">
      {mark.lines.map((line, i) => (
        <span key={line} className={i === 0 ? styles.tooltipTitle : undefined}>
          {line}
        </span>
      ))}
    </div>
  );
}

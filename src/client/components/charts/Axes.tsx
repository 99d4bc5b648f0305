/** Horizontal grid lines with their values on the left, and category labels along the bottom. */
import { labelEvery } from './scale.ts';
import styles from './Chart.module.css';

/** Category labels closer than this overlap: fewer are printed. */
const MIN_LABEL_GAP_PX = 64;

export interface Frame {
  left: number;
  top: number;
  width: number;
  height: number;
}

export function Axes({ frame, ticks, labels }: { frame: Frame; ticks: readonly number[]; labels: readonly string[] }) {
  const top = ticks[ticks.length - 1] ?? 1;
  const band = frame.width / Math.max(1, labels.length);
  const every = labelEvery(labels.length, frame.width, MIN_LABEL_GAP_PX);
  return (
    <g aria-hidden="true">
      {ticks.map((tick) => {
        const y = frame.top + frame.height - (tick / top) * frame.height;
        return (
          <g key={tick}>
            <line className={styles.grid} x1={frame.left} x2={frame.left + frame.width} y1={y} y2={y} />
            <text className={styles.axisText} x={frame.left - 6} y={y} textAnchor="end" dominantBaseline="middle">
              {tick}
            </text>
          </g>
        );
      })}
      {labels.map((label, i) =>
        i % every === 0 ? (
          <text key={i} className={styles.axisText} x={frame.left + band * (i + 0.5)} y={frame.top + frame.height + 16} textAnchor="middle">
            {label}
          </text>
        ) : null,
      )}
    </g>
  );
}

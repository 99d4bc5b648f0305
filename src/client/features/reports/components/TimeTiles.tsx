/** Time to assign and time to close, each as p50 and p90, as four tiles in the dashboard's style. */
import type { Percentiles } from '../../../../shared/report.ts';
import { hoursText } from '../format.ts';
import styles from './TimeTiles.module.css';

interface Props {
  assign: Percentiles | undefined;
  close: Percentiles | undefined;
}

const exact = (hours: number | null) => (hours === null ? 'nothing measured' : `${hours} hours`);

export function TimeTiles({ assign, close }: Props) {
  const tiles = [
    { label: 'Time to assign', note: 'median (p50)', hours: assign?.p50 ?? null },
    { label: 'Time to assign', note: '9 in 10 within (p90)', hours: assign?.p90 ?? null },
    { label: 'Time to close', note: 'median (p50)', hours: close?.p50 ?? null },
    { label: 'Time to close', note: '9 in 10 within (p90)', hours: close?.p90 ?? null },
  ];
  return (
    <ul className={styles.tiles} aria-label="Response times">
      {tiles.map((tile) => (
        <li key={`${tile.label} ${tile.note}`} className={styles.tile} title={exact(tile.hours)}>
          <span className={styles.label}>{tile.label}</span>
          <strong className={styles.value}>
            {hoursText(tile.hours)}
            <span className="visually-hidden"> ({exact(tile.hours)})</span>
          </strong>
          <span className={styles.note}>{tile.note}</span>
        </li>
      ))}
    </ul>
  );
}

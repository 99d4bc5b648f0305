/** Time to assign and time to close, each as p50 and p90, as four tiles in the dashboard's style. */
import { durationUnit, type Percentiles } from '../../../../shared/report.ts';
import { hoursText } from '../format.ts';
import styles from './TimeTiles.module.css';

interface Props {
  assign: Percentiles | undefined;
  close: Percentiles | undefined;
}

const exact = (hours: number | null) => (hours === null ? 'nothing measured' : `${hours} hours`);

/** A measure's two tiles, in one unit (its p90 decides): '1.5 h' beside '30.0 h', never beside '4.2 days'. */
function measureTiles(label: string, times: Percentiles | undefined) {
  const p50 = times?.p50 ?? null;
  const p90 = times?.p90 ?? null;
  const unit = durationUnit([p50, p90]);
  return [
    { label, note: 'median (p50)', hours: p50, unit },
    { label, note: '9 in 10 within (p90)', hours: p90, unit },
  ];
}

export function TimeTiles({ assign, close }: Props) {
  const tiles = [...measureTiles('Time to assign', assign), ...measureTiles('Time to close', close)];
  return (
    <ul className={styles.tiles} aria-label="Response times">
      {tiles.map((tile) => (
        <li key={`${tile.label} ${tile.note}`} className={styles.tile} title={exact(tile.hours)}>
          <span className={styles.label}>{tile.label}</span>
          <strong className={styles.value}>
            {hoursText(tile.hours, tile.unit)}
            <span className="visually-hidden"> ({exact(tile.hours)})</span>
          </strong>
          <span className={styles.note}>{tile.note}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A chart's card: its title, a summary for screen readers, a legend, and two actions — "Show as
 * table" (the same figures as a table) and "Export CSV" (that table as a file).
 */
import { useId, useState, type ReactNode } from 'react';
import { csvText } from '../../../shared/csv.ts';
import { saveBlob } from '../../lib/download.ts';
import { Button } from '../Button.tsx';
import { Table } from '../Table.tsx';
import type { Series } from './ColumnChart.tsx';
import styles from './ChartPanel.module.css';

export type Cell = string | number | null;

export interface ChartTable {
  header: readonly string[];
  rows: ReadonlyArray<readonly Cell[]>;
}

export interface ChartPanelProps {
  title: string;
  /** What the chart shows, in a sentence or two: read by screen readers, printed too. */
  summary: string;
  table: ChartTable;
  /** The CSV file's name, without '.csv'. */
  fileName: string;
  legend?: readonly Series[];
  /** The chart; without it (a table-only panel) there is no toggle. */
  children?: ReactNode;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string;
  /** How a table cell shows (a link, say). @default the value, '–' for null */
  renderCell?: (value: Cell, row: number, column: number) => ReactNode;
  /** On phones, show the table's rows as cards. @default false */
  stackOnPhone?: boolean;
}

const SHOW_TABLE = 'Show as table';

export function ChartPanel({ title, summary, table, fileName, legend, children, empty, renderCell, stackOnPhone = false }: ChartPanelProps) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const showTable = asTable || !children;
  const exportCsv = () => saveBlob(new Blob([csvText(table.header, table.rows)], { type: 'text/csv;charset=utf-8' }), `${fileName}.csv`);

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
      <div className={styles.head}>
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
        <div className={styles.actions}>
          {children && (
            <Button variant="secondary" size="sm" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
              {SHOW_TABLE}
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={exportCsv}>
            Export CSV
          </Button>
        </div>
      </div>
      <p id={`${id}-summary`} className={styles.summary}>
        {summary}
      </p>
      {legend && !showTable && !empty && (
        <ul className={styles.legend} aria-hidden="true">
          {legend.map((s) => (
            <li key={s.name}>
              <span className={styles.swatch} style={{ background: s.color }} />
              {s.name}
            </li>
          ))}
        </ul>
      )}
      {empty && !showTable ? (
        <p className={styles.empty}>{empty}</p>
      ) : showTable ? (
        <Table
          caption={title}
          stackOnPhone={stackOnPhone}
          rowKey={(row) => String(row[0])}
          rows={table.rows}
          columns={table.header.map((header, i) => ({
            header,
            cell: (row: readonly Cell[]) => (renderCell ? renderCell(row[i] ?? null, table.rows.indexOf(row), i) : (row[i] ?? '–')),
            align: i === 0 ? 'start' : 'end',
          }))}
        />
      ) : (
        children
      )}
    </section>
  );
}

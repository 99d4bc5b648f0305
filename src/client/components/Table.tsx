/** A plain data table that scrolls sideways when narrow (or, with stackOnPhone, stacks its rows as cards). */
import { useRef, type ReactNode } from 'react';
import { useStackWhenNarrow } from './useStackWhenNarrow.ts';
import styles from './Table.module.css';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-align (numbers, actions). @default 'start' */
  align?: 'start' | 'end';
}

export interface TableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Accessible caption (visually hidden). */
  caption?: string;
  /**
   * Whenever the columns do not fit (phones, and tablets beside the admin navigation), show each
   * row as a card of "header: value" lines instead of scrolling sideways. @default false
   */
  stackOnPhone?: boolean;
}

export function Table<T>({ columns, rows, rowKey, caption, stackOnPhone = false }: TableProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  const stacked = useStackWhenNarrow(box, stackOnPhone, rows);
  // Explicit roles: a stacked table changes the elements' display, which some browsers take as "not a table".
  return (
    <div ref={box} className={stacked ? `${styles.wrap} ${styles.stack}` : styles.wrap} data-stacked={stacked || undefined}>
      <table className={styles.table} role="table">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.header} scope="col" role="columnheader" className={column.align === 'end' ? styles.end : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row">
              {columns.map((column) => (
                <td key={column.header} role="cell" data-label={column.header} className={column.align === 'end' ? styles.end : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

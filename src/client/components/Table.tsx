/** A plain data table that scrolls sideways on narrow screens instead of squashing. */
import type { ReactNode } from 'react';
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
}

export function Table<T>({ columns, rows, rowKey, caption }: TableProps<T>) {
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.align === 'end' ? styles.end : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.header} className={column.align === 'end' ? styles.end : undefined}>
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

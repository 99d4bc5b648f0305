/** The audit rows: when, who, what, which thing, before → after, from where. */
import { AUDIT_KIND_LABELS, type AuditEntry } from '../../../../shared/audit.ts';
import { formatLogDate } from '../../../../shared/format.ts';
import { Table, type Column } from '../../../components/Table.tsx';
import { addressText, changeLines } from '../describe.ts';
import styles from './AuditTable.module.css';

function Change({ entry }: { entry: AuditEntry }) {
  const lines = changeLines(entry);
  if (lines.length === 0) return <span className={styles.none}>—</span>;
  return (
    <ul className={styles.lines}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

const COLUMNS: readonly Column<AuditEntry>[] = [
  { header: 'When', cell: (entry) => <time dateTime={entry.at}>{formatLogDate(entry.at)}</time> },
  { header: 'Who', cell: (entry) => entry.actor.name },
  { header: 'What', cell: (entry) => AUDIT_KIND_LABELS[entry.kind] ?? entry.kind },
  { header: 'Target', cell: (entry) => <span className={styles.wrap}>{entry.target.label}</span> },
  { header: 'Before → after', cell: (entry) => <Change entry={entry} /> },
  { header: 'Address', cell: (entry) => addressText(entry.address) },
];

export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  return <Table caption="Audit log, newest first" columns={COLUMNS} rows={entries} rowKey={(entry) => entry.id} stackOnPhone />;
}

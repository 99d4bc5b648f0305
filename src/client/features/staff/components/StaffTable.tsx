import { formatLogDate } from '../../../../shared/format.ts';
import type { User } from '../../../../shared/types.ts';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { Table } from '../../../components/Table.tsx';
import styles from './StaffTable.module.css';

const NOT_SEEN = 'n/a';
/** SPEC §6: the admin may reset or delete only these accounts, never another super user. */
const MANAGED_ROLES: readonly string[] = ['support', 'developer'];

interface Props {
  rows: User[];
  onResetPassword(user: User): void;
  onDelete(user: User): void;
}

export function StaffTable({ rows, onResetPassword, onDelete }: Props) {
  const columns = [
    { header: 'ID', cell: (u: User) => u.id },
    { header: 'First Name', cell: (u: User) => u.first_name },
    { header: 'Last Name', cell: (u: User) => u.last_name },
    { header: 'Email', cell: (u: User) => u.email },
    { header: 'Role', cell: (u: User) => <span className={styles.role}>{u.role}</span> },
    { header: 'Last seen', cell: (u: User) => (u.last_seen ? formatLogDate(u.last_seen) : NOT_SEEN) },
    {
      header: 'Actions',
      // The empty cell keeps the buttons' height so that every row is as tall as the others.
      cell: (u: User) => (
        <div className={styles.actions}>
          {MANAGED_ROLES.includes(u.role) && (
            <>
              <Button
                variant="ghost"
                size="sm"
                className={styles.iconButton}
                aria-label={`Change password of ${u.first_name}`}
                onClick={() => onResetPassword(u)}
              >
                <Icon name="key" size={18} />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className={`${styles.iconButton} ${styles.delete}`}
                aria-label={`Delete ${u.first_name}`}
                onClick={() => onDelete(u)}
              >
                <Icon name="trash" size={18} />
              </Button>
            </>
          )}
        </div>
      ),
    },
  ];
  return <Table columns={columns} rows={rows} rowKey={(u) => u.id} />;
}

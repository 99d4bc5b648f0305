import { DIRECTORY_ACCOUNT } from '../../../../shared/directory.ts';
import { formatLogDate } from '../../../../shared/format.ts';
import type { User } from '../../../../shared/types.ts';
import { RowActions, type RowAction } from '../../../components/RowActions.tsx';
import { Table } from '../../../components/Table.tsx';
import { CREATABLE_ROLES, ROLE_LABELS, type Role } from '../../../../shared/constants.ts';
import styles from './StaffForms.module.css';

const NOT_SEEN = 'n/a';
/** product.md#permissions: the admin may reset or delete only these accounts, never another super user. */
const MANAGED_ROLES: readonly Role[] = CREATABLE_ROLES;

/** An account that signs in through the directory: its password is not the helpdesk's to change. */
export const fromDirectory = (u: User) => u.source === 'directory';

interface Props {
  rows: User[];
  onResetPassword(user: User): void;
  onDelete(user: User): void;
}

export function StaffTable({ rows, onResetPassword, onDelete }: Props) {
  const actionsFor = (u: User): RowAction[] => [
    ...(fromDirectory(u) ? [] : [{ icon: 'key', label: `Change password of ${u.first_name}`, onClick: () => onResetPassword(u) } as const]),
    { icon: 'trash', label: `Delete ${u.first_name}`, onClick: () => onDelete(u), danger: true },
  ];
  const columns = [
    { header: 'ID', cell: (u: User) => u.id },
    { header: 'First Name', cell: (u: User) => u.first_name },
    { header: 'Last Name', cell: (u: User) => u.last_name },
    { header: 'Email', cell: (u: User) => u.email },
    {
      header: 'Role',
      cell: (u: User) => (
        <>
          {ROLE_LABELS[u.role] ?? u.role}
          {fromDirectory(u) && (
            <>
              {' '}
              <span className={styles.directory}>{DIRECTORY_ACCOUNT.badge}</span>
            </>
          )}
        </>
      ),
    },
    { header: 'Last seen', cell: (u: User) => (u.last_seen ? formatLogDate(u.last_seen) : NOT_SEEN) },
    {
      header: 'Actions',
      cell: (u: User) => <RowActions actions={MANAGED_ROLES.includes(u.role) ? actionsFor(u) : []} />,
    },
  ];
  return <Table columns={columns} rows={rows} rowKey={(u) => u.id} stackOnPhone />;
}

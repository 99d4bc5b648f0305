import { useState } from 'react';
import { APP_LABELS } from '../../../../shared/constants.ts';
import { CONFIRM } from '../../../../shared/messages.ts';
import type { Service } from '../../../../shared/types.ts';
import { useServices } from '../../../api/config.ts';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { Table } from '../../../components/Table.tsx';
import { useServiceChange } from '../api.ts';
import { EditServiceDialog } from '../components/EditServiceDialog.tsx';
import styles from './ServicePages.module.css';

const TITLE = 'Services';
const CREATE_LABEL = 'Create Service';
const CREATE_PATH = '/admin/create-service';

export function ServicesPage() {
  const services = useServices();
  const [editing, setEditing] = useState<Service | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  const remove = useServiceChange(() => setDeleting(null));

  const columns = [
    { header: 'ID', cell: (row: Service) => row.id },
    { header: 'Service', cell: (row: Service) => row.name },
    { header: 'App', cell: (row: Service) => APP_LABELS[row.app] ?? row.app },
    {
      header: 'Actions',
      cell: (row: Service) => (
        <div className={styles.rowActions}>
          <Button
            variant="ghost"
            size="sm"
            className={styles.iconButton}
            aria-label={`Edit ${row.name}`}
            onClick={() => setEditing(row)}
          >
            <Icon name="edit" size={18} />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className={`${styles.iconButton} ${styles.delete}`}
            aria-label={`Delete ${row.name}`}
            onClick={() => setDeleting(row)}
          >
            <Icon name="trash" size={18} />
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section className={styles.list}>
      <PageHeader
        title={TITLE}
        actions={
          <ButtonLink href={CREATE_PATH}>
            <Icon name="plus" size={18} /> {CREATE_LABEL}
          </ButtonLink>
        }
      />
      <QueryState query={services}>
        {(list) =>
          list.length === 0 ? <EmptyState variant="noService" /> : <Table columns={columns} rows={list} rowKey={(row) => row.id} />
        }
      </QueryState>
      {editing && <EditServiceDialog service={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={CONFIRM.deleteService}
        confirmLabel="Yes"
        cancelLabel="Cancel"
        pending={remove.isPending}
        pendingLabel="Deleting..."
        onConfirm={() => deleting && remove.mutate({ kind: 'delete', id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

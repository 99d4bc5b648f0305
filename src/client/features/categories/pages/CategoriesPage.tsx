import { useState } from 'react';
import { CONFIRM } from '../../../../shared/messages.ts';
import type { Category } from '../../../../shared/types.ts';
import { useCategories } from '../../../api/config.ts';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { Table } from '../../../components/Table.tsx';
import { useCategoryChange } from '../api.ts';
import { EditCategoryDialog } from '../components/EditCategoryDialog.tsx';
import styles from './CategoryPages.module.css';

const TITLE = 'Categories';
const CREATE_LABEL = 'Create Category';
const CREATE_PATH = '/admin/create-category';

export function CategoriesPage() {
  const categories = useCategories();
  const [editing, setEditing] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const remove = useCategoryChange(() => setDeleting(null));

  const columns = [
    { header: 'ID', cell: (row: Category) => row.id },
    { header: 'Category', cell: (row: Category) => row.name },
    {
      header: 'Actions',
      cell: (row: Category) => (
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
      <QueryState query={categories}>
        {(list) =>
          list.length === 0 ? <EmptyState variant="noCat" /> : <Table columns={columns} rows={list} rowKey={(row) => row.id} />
        }
      </QueryState>
      {editing && <EditCategoryDialog category={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={CONFIRM.deleteCategory}
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

/**
 * An admin list of named records (categories, services, canned replies): a Create link (or a
 * button opening a create dialog), a table whose rows can be edited in a dialog or deleted after
 * a confirmation, and an empty state.
 */
import { useState, type ReactNode } from 'react';
import type { QueryResult } from '../lib/query.ts';
import { useListScroll } from '../lib/scrollMemory.ts';
import { Button, ButtonLink } from './Button.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Icon } from './Icon.tsx';
import { PageHeader } from './PageHeader.tsx';
import { QueryState } from './QueryState.tsx';
import { RowActions } from './RowActions.tsx';
import { Table, type Column } from './Table.tsx';
import styles from './ConfigTablePage.module.css';

const ACTIONS_HEADER = 'Actions';
const DELETING_LABEL = 'Deleting...';

export interface NamedRow {
  id: number;
  name: string;
}

/** Which row is being edited or deleted; the page's delete mutation calls `closeDelete` when done. */
export function useRowDialogs<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  return { editing, setEditing, closeEdit: () => setEditing(null), deleting, setDeleting, closeDelete: () => setDeleting(null) };
}

export interface ConfigTablePageProps<T extends { id: number }> {
  title: string;
  createLabel: string;
  /** The create page; or `onCreate` opens a create dialog instead. */
  createHref?: string;
  onCreate?(): void;
  /** What a row is called in its Edit and Delete labels. @default row.name */
  rowName?(row: T): string;
  query: QueryResult<T[]>;
  /** Shown instead of the table when the list is empty. */
  empty: ReactNode;
  /** The data columns; the Actions column is added after them. */
  columns: readonly Column<T>[];
  dialogs: ReturnType<typeof useRowDialogs<T>>;
  /** The edit dialog for `dialogs.editing`. */
  renderEditDialog(row: T): ReactNode;
  deleteTitle: string;
  deletePending: boolean;
  onConfirmDelete(row: T): void;
}

const nameOf = (row: { id: number }) => (row as Partial<NamedRow>).name ?? String(row.id);

export function ConfigTablePage<T extends { id: number }>(props: ConfigTablePageProps<T>) {
  const { title, createLabel, createHref, onCreate, query, empty, dialogs, renderEditDialog, rowName = nameOf } = props;
  const createContent = (
    <>
      <Icon name="plus" size={18} /> {createLabel}
    </>
  );
  const columns: Column<T>[] = [
    ...props.columns,
    {
      header: ACTIONS_HEADER,
      cell: (row) => (
        <RowActions
          actions={[
            { icon: 'edit', label: `Edit ${rowName(row)}`, onClick: () => dialogs.setEditing(row) },
            { icon: 'trash', label: `Delete ${rowName(row)}`, onClick: () => dialogs.setDeleting(row), danger: true },
          ]}
        />
      ),
    },
  ];
  const { deleting } = dialogs;
  useListScroll(query.data !== undefined, !query.isFetching);

  return (
    <section className={styles.page}>
      <PageHeader
        title={title}
        actions={onCreate ? <Button onClick={onCreate}>{createContent}</Button> : <ButtonLink href={createHref ?? ''}>{createContent}</ButtonLink>}
      />
      <QueryState query={query}>
        {(list) => (list.length === 0 ? empty : <Table columns={columns} rows={list} rowKey={(row) => row.id} />)}
      </QueryState>
      {dialogs.editing && renderEditDialog(dialogs.editing)}
      <ConfirmDialog
        open={deleting !== null}
        title={props.deleteTitle}
        pending={props.deletePending}
        pendingLabel={DELETING_LABEL}
        onConfirm={() => deleting && props.onConfirmDelete(deleting)}
        onCancel={dialogs.closeDelete}
      />
    </section>
  );
}

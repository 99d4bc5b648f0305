import { ConfigTablePage, useRowDialogs } from '../../../components/ConfigTablePage.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useCatalogChange } from '../api.ts';
import { EditCatalogDialog } from '../components/EditCatalogDialog.tsx';
import { CATALOGS, type CatalogKind, type CatalogRow } from '../kinds.ts';

/** /admin/category and /admin/service: the table with create, edit and delete. */
export function CatalogPage({ kind }: { kind: CatalogKind }) {
  const catalog = CATALOGS[kind];
  const rows = catalog.useList();
  const dialogs = useRowDialogs<CatalogRow>();
  const remove = useCatalogChange(catalog, dialogs.closeDelete);

  return (
    <ConfigTablePage
      title={catalog.title}
      createLabel={catalog.createLabel}
      createHref={catalog.createPath}
      query={rows}
      empty={<EmptyState variant={catalog.empty} />}
      columns={catalog.columns}
      dialogs={dialogs}
      renderEditDialog={(row) => <EditCatalogDialog catalog={catalog} row={row} onClose={dialogs.closeEdit} />}
      deleteTitle={catalog.deleteTitle}
      deletePending={remove.isPending}
      onConfirmDelete={(row) => remove.mutate({ kind: 'delete', id: row.id })}
    />
  );
}

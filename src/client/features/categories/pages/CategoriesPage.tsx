import { CONFIRM } from '../../../../shared/messages.ts';
import type { Category } from '../../../../shared/types.ts';
import { useCategories } from '../../../api/config.ts';
import { ConfigTablePage, useRowDialogs } from '../../../components/ConfigTablePage.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import type { Column } from '../../../components/Table.tsx';
import { useCategoryChange } from '../api.ts';
import { EditCategoryDialog } from '../components/EditCategoryDialog.tsx';
import { ROUTES } from '../../../lib/paths.ts';

const TITLE = 'Categories';
const CREATE_LABEL = 'Create Category';
const COLUMNS: Column<Category>[] = [
  { header: 'ID', cell: (row) => row.id },
  { header: 'Category', cell: (row) => row.name },
];

export function CategoriesPage() {
  const categories = useCategories();
  const dialogs = useRowDialogs<Category>();
  const remove = useCategoryChange(dialogs.closeDelete);

  return (
    <ConfigTablePage
      title={TITLE}
      createLabel={CREATE_LABEL}
      createHref={ROUTES.admin.createCategory}
      query={categories}
      empty={<EmptyState variant="noCat" />}
      columns={COLUMNS}
      dialogs={dialogs}
      renderEditDialog={(row) => <EditCategoryDialog category={row} onClose={dialogs.closeEdit} />}
      deleteTitle={CONFIRM.deleteCategory}
      deletePending={remove.isPending}
      onConfirmDelete={(row) => remove.mutate({ kind: 'delete', id: row.id })}
    />
  );
}

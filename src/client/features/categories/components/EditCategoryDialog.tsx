import type { Category } from '../../../../shared/types.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { useCategoryChange } from '../api.ts';
import { CategoryForm } from './CategoryForm.tsx';

const TITLE = 'Edit Category';
const SAVE = 'Save';
const SAVING = 'Saving...';

export function EditCategoryDialog({ category, onClose }: { category: Category; onClose(): void }) {
  const update = useCategoryChange(onClose);
  return (
    <Dialog open title={TITLE} onClose={onClose}>
      <CategoryForm
        initial={category}
        submitLabel={SAVE}
        pendingLabel={SAVING}
        pending={update.isPending}
        error={update.error}
        onSubmit={(input) => update.mutate({ kind: 'update', id: category.id, input })}
        onCancel={onClose}
      />
    </Dialog>
  );
}

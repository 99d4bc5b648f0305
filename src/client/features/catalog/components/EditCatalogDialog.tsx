import { Dialog } from '../../../components/Dialog.tsx';
import { useCatalogChange } from '../api.ts';
import type { Catalog, CatalogRow } from '../kinds.ts';
import { CatalogForm } from './CatalogForm.tsx';

const SAVE = 'Save';
const SAVING = 'Saving...';

export function EditCatalogDialog({ catalog, row, onClose }: { catalog: Catalog; row: CatalogRow; onClose(): void }) {
  const update = useCatalogChange(catalog, onClose);
  return (
    <Dialog open title={catalog.editTitle} onClose={onClose}>
      <CatalogForm
        catalog={catalog}
        initial={row}
        submitLabel={SAVE}
        pendingLabel={SAVING}
        pending={update.isPending}
        error={update.error}
        onSubmit={(input) => update.mutate({ kind: 'update', id: row.id, input })}
        onCancel={onClose}
      />
    </Dialog>
  );
}

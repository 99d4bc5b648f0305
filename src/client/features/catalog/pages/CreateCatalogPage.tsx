import { useLocation } from 'wouter';
import { FormCard } from '../../../components/FormCard.tsx';
import { useCatalogChange } from '../api.ts';
import { CatalogForm } from '../components/CatalogForm.tsx';
import { CATALOGS, type CatalogKind } from '../kinds.ts';

const CREATE = 'Create';
const CREATING = 'Creating...';

/** /admin/create-category and /admin/create-service. */
export function CreateCatalogPage({ kind }: { kind: CatalogKind }) {
  const catalog = CATALOGS[kind];
  const [, navigate] = useLocation();
  const create = useCatalogChange(catalog);
  return (
    <FormCard title={catalog.createLabel}>
      <CatalogForm
        catalog={catalog}
        submitLabel={CREATE}
        pendingLabel={CREATING}
        pending={create.isPending}
        error={create.error}
        onSubmit={(input) => create.mutate({ kind: 'create', input })}
        onCancel={() => navigate(catalog.listPath)}
      />
    </FormCard>
  );
}

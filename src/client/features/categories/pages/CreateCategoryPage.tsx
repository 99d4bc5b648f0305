import { useLocation } from 'wouter';
import { FormCard } from '../../../components/FormCard.tsx';
import { ROUTES } from '../../../lib/paths.ts';
import { useCategoryChange } from '../api.ts';
import { CategoryForm } from '../components/CategoryForm.tsx';

const TITLE = 'Create Category';
const CREATE = 'Create';
const CREATING = 'Creating...';

export function CreateCategoryPage() {
  const [, navigate] = useLocation();
  const create = useCategoryChange();
  return (
    <FormCard title={TITLE}>
      <CategoryForm
        submitLabel={CREATE}
        pendingLabel={CREATING}
        pending={create.isPending}
        error={create.error}
        onSubmit={(input) => create.mutate({ kind: 'create', input })}
        onCancel={() => navigate(ROUTES.admin.categories)}
      />
    </FormCard>
  );
}

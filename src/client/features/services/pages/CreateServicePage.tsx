import { useLocation } from 'wouter';
import { FormCard } from '../../../components/FormCard.tsx';
import { ROUTES } from '../../../lib/paths.ts';
import { useServiceChange } from '../api.ts';
import { ServiceForm } from '../components/ServiceForm.tsx';

const TITLE = 'Create Service';
const CREATE = 'Create';
const CREATING = 'Creating...';

export function CreateServicePage() {
  const [, navigate] = useLocation();
  const create = useServiceChange();
  return (
    <FormCard title={TITLE}>
      <ServiceForm
        submitLabel={CREATE}
        pendingLabel={CREATING}
        pending={create.isPending}
        error={create.error}
        onSubmit={(input) => create.mutate({ kind: 'create', input })}
        onCancel={() => navigate(ROUTES.admin.services)}
      />
    </FormCard>
  );
}

import { useLocation } from 'wouter';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SERVICES_PATH, useServiceChange } from '../api.ts';
import { ServiceForm } from '../components/ServiceForm.tsx';
import styles from './ServicePages.module.css';

const TITLE = 'Create Service';
const CREATE = 'Create';
const CREATING = 'Creating...';

export function CreateServicePage() {
  const [, navigate] = useLocation();
  const create = useServiceChange();
  return (
    <section className={styles.card}>
      <PageHeader title={TITLE} />
      <ServiceForm
        submitLabel={CREATE}
        pendingLabel={CREATING}
        pending={create.isPending}
        error={create.error}
        onSubmit={(input) => create.mutate({ kind: 'create', input })}
        onCancel={() => navigate(SERVICES_PATH)}
      />
    </section>
  );
}

import { PageHeader } from '../../../components/PageHeader.tsx';
import { CreateAccountForm } from '../components/CreateAccountForm.tsx';
import styles from './StaffPages.module.css';

const TITLE = 'Create Account';

export function CreateAccountPage() {
  return (
    <section className={styles.card}>
      <PageHeader title={TITLE} />
      <CreateAccountForm />
    </section>
  );
}

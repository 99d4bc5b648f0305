import { FormCard } from '../../../components/FormCard.tsx';
import { CreateAccountForm } from '../components/CreateAccountForm.tsx';

const TITLE = 'Create Account';

export function CreateAccountPage() {
  return (
    <FormCard title={TITLE}>
      <CreateAccountForm />
    </FormCard>
  );
}

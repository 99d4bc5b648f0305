/** First name, last name, e-mail, role and password (product.md#validation-account). */
import { useState, type FormEvent } from 'react';
import { CREATABLE_ROLES, ROLE_LABELS } from '../../../../shared/constants.ts';
import { validateCreateAccount } from '../../../../shared/validators.ts';
import { useFormErrors } from '../../../lib/useFormErrors.ts';
import { FormActions, FormLayout } from '../../../components/FormLayout.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { ROUTES } from '../../../lib/paths.ts';
import { useCreateAccount, type NewAccount } from '../api.ts';

const EMPTY: NewAccount = { first_name: '', last_name: '', email: '', role: '', password: '' };
const ROLE_OPTIONS = CREATABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const TEXT_FIELDS = [
  { name: 'first_name', label: 'First name', type: 'text', autoComplete: 'off' },
  { name: 'last_name', label: 'Last name', type: 'text', autoComplete: 'off' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
] as const;

export function CreateAccountForm() {
  const [values, setValues] = useState(EMPTY);
  const create = useCreateAccount();
  const { errors, check } = useFormErrors(validateCreateAccount, values, create.error);
  const set = (field: keyof NewAccount) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (check()) create.mutate({ ...values, email: values.email.trim() });
  }

  return (
    <FormLayout onSubmit={submit}>
      {TEXT_FIELDS.map((f) => (
        <TextField key={f.name} {...f} value={values[f.name]} onChange={set(f.name)} error={errors[f.name]} />
      ))}
      <SelectField
        label="Role"
        name="role"
        value={values.role}
        onChange={set('role')}
        options={ROLE_OPTIONS}
        placeholder="Select role"
        error={errors.role}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
      />
      <FormActions submitLabel="Create Account" pendingLabel="Creating..." pending={create.isPending} cancelHref={ROUTES.admin.staff} />
    </FormLayout>
  );
}

/** Change own password: old, new and confirmation (product.md#validation-account). */
import { useState, type FormEvent } from 'react';
import { validateChangePassword } from '../../../../shared/validators.ts';
import { useFormErrors } from '../../../lib/useFormErrors.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useChangeOwnPassword, type PasswordInput } from '../api.ts';

const TITLE = 'Change password';
const EMPTY: PasswordInput = { old_password: '', new_password: '', new_password_confirmation: '' };
const FIELDS = [
  { name: 'old_password', label: 'Old password', autoComplete: 'current-password' },
  { name: 'new_password', label: 'New password', autoComplete: 'new-password' },
  { name: 'new_password_confirmation', label: 'Confirm new password', autoComplete: 'new-password' },
] as const;

interface Props {
  open: boolean;
  onClose(): void;
}

export function ChangePasswordDialog({ open, onClose }: Props) {
  // Mounted only while open, so no password lingers in memory after closing.
  return open ? <PasswordForm onClose={onClose} /> : null;
}

function PasswordForm({ onClose }: { onClose(): void }) {
  const [values, setValues] = useState(EMPTY);
  const change = useChangeOwnPassword(onClose);
  const { errors, check } = useFormErrors(validateChangePassword, values, change.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (check()) change.mutate(values);
  }

  return (
    <FormDialog title={TITLE} onClose={onClose} onSubmit={submit} submitLabel="Change password" pending={change.isPending}>
      {FIELDS.map((f) => (
        <TextField
          key={f.name}
          {...f}
          type="password"
          value={values[f.name]}
          onChange={(value: string) => setValues((v) => ({ ...v, [f.name]: value }))}
          error={errors[f.name]}
        />
      ))}
    </FormDialog>
  );
}

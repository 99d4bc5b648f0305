/**
 * The admin sets a staff member's new password. product.md#validation-account shows both fields in clear text, so the
 * admin can read out what they typed; the server still demands 8 characters and a match.
 */
import { useState, type FormEvent } from 'react';
import type { User } from '../../../../shared/types.ts';
import { validateAdminChangePassword } from '../../../../shared/validators.ts';
import { useFormErrors } from '../../../lib/useFormErrors.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useResetPassword } from '../api.ts';
import styles from './StaffForms.module.css';

const TITLE = 'Change password';

export function ResetPasswordDialog({ user, onClose }: { user: User; onClose(): void }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const input = { new_password: password, new_password_confirmation: confirmation };
  const reset = useResetPassword(onClose);
  const { errors, check } = useFormErrors(validateAdminChangePassword, input, reset.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (check()) reset.mutate({ id: user.id, ...input });
  }

  return (
    <FormDialog title={TITLE} onClose={onClose} onSubmit={submit} submitLabel="Change password" pending={reset.isPending}>
      <p className={styles.hint}>
        {user.first_name} {user.last_name} · {user.email}
      </p>
      <TextField
        label="New password"
        name="new_password"
        type="text"
        autoComplete="off"
        value={password}
        onChange={setPassword}
        error={errors.new_password}
      />
      <TextField
        label="Confirm new password"
        name="new_password_confirmation"
        type="text"
        autoComplete="off"
        value={confirmation}
        onChange={setConfirmation}
        error={errors.new_password_confirmation}
      />
    </FormDialog>
  );
}

/**
 * Edit own first and last name; the header shows the stored answer at once (product.md#auth-flow).
 * Below the form, the e-mail preferences, each switch saved on its own (docs/design.md#notifications).
 * A directory account is told here that its password is the directory's (the menu offers no change).
 */
import { useState, type FormEvent } from 'react';
import { DIRECTORY_ACCOUNT } from '../../../../shared/directory.ts';
import { validateProfile } from '../../../../shared/validators.ts';
import { useAuth } from '../../../lib/auth.ts';
import { useFormErrors } from '../../../lib/useFormErrors.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useUpdateProfile } from '../api.ts';
import { NotificationPreferences } from './NotificationPreferences.tsx';
import styles from './Profile.module.css';

const TITLE = 'Edit profile';

interface Props {
  open: boolean;
  onClose(): void;
}

export function EditProfileDialog({ open, onClose }: Props) {
  // Mounted only while open, so the fields start from the current user every time.
  return open ? <ProfileForm onClose={onClose} /> : null;
}

function ProfileForm({ onClose }: { onClose(): void }) {
  const user = useAuth((state) => state.user);
  const [firstName, setFirstName] = useState(user?.first_name ?? '');
  const [lastName, setLastName] = useState(user?.last_name ?? '');
  const input = { first_name: firstName.trim(), last_name: lastName.trim() };
  const update = useUpdateProfile(onClose);
  const { errors, check } = useFormErrors(validateProfile, input, update.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (check() && user) update.mutate({ id: user.id, ...input });
  }

  return (
    <FormDialog title={TITLE} onClose={onClose} onSubmit={submit} submitLabel="Save" pending={update.isPending} after={<NotificationPreferences />}>
      <TextField
        label="First name"
        name="first_name"
        autoComplete="given-name"
        value={firstName}
        onChange={setFirstName}
        error={errors.first_name}
      />
      <TextField
        label="Last name"
        name="last_name"
        autoComplete="family-name"
        value={lastName}
        onChange={setLastName}
        error={errors.last_name}
      />
      {user?.source === 'directory' && <p className={styles.note}>{DIRECTORY_ACCOUNT.profileNote}</p>}
    </FormDialog>
  );
}

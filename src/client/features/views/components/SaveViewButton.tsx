/** "Save view" on a ticket list: the list's URL (filters, sort, scope and layout) under a name; supers may share it. */
import { useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { parseViewName } from '../../../../shared/views.ts';
import { Button } from '../../../components/Button.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { Switch } from '../../../components/Switch.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { useFormErrors } from '../../../lib/useFormErrors.ts';
import { useSaveView } from '../api.ts';
import { queryToSave, type ListPlace } from '../places.ts';

export const SAVE_VIEW = 'Save view';
export const SHARE_LABEL = 'Share with everyone';
const SHARE_HINT = 'Everyone sees it in their navigation; only supers change it.';

interface Values {
  name: string;
  shared: boolean;
}
const validate = (values: Values) => parseViewName(values.name).errors;

function SaveViewDialog({ query, canShare, onClose }: { query: string; canShare: boolean; onClose(): void }) {
  const [values, setValues] = useState<Values>({ name: '', shared: false });
  const save = useSaveView(onClose);
  const { errors, check } = useFormErrors(validate, values, save.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (check()) save.mutate({ name: values.name.trim(), query, shared: values.shared });
  }

  return (
    <FormDialog title={SAVE_VIEW} onClose={onClose} onSubmit={submit} submitLabel="Save" pending={save.isPending}>
      <TextField label="Name" name="name" value={values.name} error={errors.name} autoComplete="off" data-autofocus onChange={(name) => setValues((current) => ({ ...current, name }))} />
      {canShare && <Switch label={SHARE_LABEL} hint={SHARE_HINT} checked={values.shared} onChange={(shared) => setValues((current) => ({ ...current, shared }))} />}
    </FormDialog>
  );
}

export function SaveViewButton({ place }: { place: ListPlace }) {
  const search = useSearch();
  const role = useAuth((state) => state.user?.role);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {SAVE_VIEW}
      </Button>
      {open && <SaveViewDialog query={queryToSave(place, search)} canShare={role === 'super'} onClose={() => setOpen(false)} />}
    </>
  );
}

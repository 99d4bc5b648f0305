/** A view's small menu: Rename and Delete, for a person's own views and, for supers, the shared ones. */
import { useState, type FormEvent } from 'react';
import type { SavedView } from '../../../../shared/views.ts';
import { parseViewName } from '../../../../shared/views.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useMenuButton } from '../../../components/useMenuButton.ts';
import { useFormErrors } from '../../../lib/useFormErrors.ts';
import { useDeleteView, useRenameView } from '../api.ts';
import styles from './Views.module.css';

type Open = 'rename' | 'delete' | null;

const validate = (values: { name: string }) => parseViewName(values.name).errors;

function RenameViewDialog({ view, onClose }: { view: SavedView; onClose(): void }) {
  const [name, setName] = useState(view.name);
  const rename = useRenameView(onClose);
  const { errors, check } = useFormErrors(validate, { name }, rename.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (check()) rename.mutate({ id: view.id, name: name.trim() });
  }
  return (
    <FormDialog title="Rename view" onClose={onClose} onSubmit={submit} submitLabel="Save" pending={rename.isPending}>
      <TextField label="Name" name="name" value={name} error={errors.name} autoComplete="off" data-autofocus onChange={setName} />
    </FormDialog>
  );
}

export function ViewActions({ view }: { view: SavedView }) {
  const { open: expanded, close, buttonProps, menuProps } = useMenuButton();
  const [dialog, setDialog] = useState<Open>(null);
  const remove = useDeleteView(() => setDialog(null));
  const choose = (next: Open) => () => {
    close();
    setDialog(next);
  };
  return (
    <div className={styles.actions}>
      <button type="button" className={styles.actionsButton} aria-label={`Actions for the view ${view.name}`} {...buttonProps}>
        <Icon name="chevron" size={16} className={expanded ? styles.chevronOpen : styles.chevron} />
      </button>
      {expanded && (
        <ul aria-label={`View ${view.name}`} className={styles.menu} {...menuProps}>
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} className={styles.menuItem} onClick={choose('rename')}>
              <Icon name="edit" size={16} />
              Rename
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} className={`${styles.menuItem} ${styles.danger}`} onClick={choose('delete')}>
              <Icon name="trash" size={16} />
              Delete
            </button>
          </li>
        </ul>
      )}
      {dialog === 'rename' && <RenameViewDialog view={view} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={`Delete the view “${view.name}”?`}
        description={view.shared ? 'It goes from everyone’s navigation. The tickets stay as they are.' : 'The tickets stay as they are; only this saved list goes.'}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(view.id)}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}

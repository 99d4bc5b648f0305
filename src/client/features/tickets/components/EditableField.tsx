/**
 * One field of the ticket's side panel that the viewer may change in place (docs/design.md#ticket-page):
 * its value with a "Change" button; the button opens the control with Save and Cancel (Escape
 * cancels), and focus comes back to the button when the editor closes.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/Button.tsx';
import { controlProps } from '../../../components/Field.tsx';
import styles from './TicketPanel.module.css';

/** What the control gets: its id, value and change, label and error wiring, and Escape to cancel. */
export interface ControlProps {
  id: string;
  value: string;
  onChange(value: string): void;
  props: ReturnType<typeof controlProps> & { 'aria-labelledby': string; autoFocus: true; onKeyDown(event: { key: string }): void };
}

export interface EditableFieldProps {
  label: string;
  /** The value as the panel shows it. */
  children: ReactNode;
  /** Whether the viewer may change it here. @default false */
  editable?: boolean;
  /** The value the control opens with. */
  initial: string;
  control(control: ControlProps): ReactNode;
  /** The message for a value that cannot be sent, or undefined. */
  validate?(value: string): string | undefined;
  /** Sends the change; `done` closes the editor once the server took it. */
  save(value: string, done: () => void): void;
  pending: boolean;
}

export function EditableField({ label, children, editable = false, initial, control, validate, save, pending }: EditableFieldProps) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const labelId = useId();
  const controlId = useId();
  const shown = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(false);

  // A change elsewhere (a live update, another tab) may take the right away: the editor closes.
  const open = editing && editable;
  useEffect(() => {
    if (wasEditing.current && !open) shown.current?.querySelector('button')?.focus();
    wasEditing.current = open;
  }, [open]);

  const start = () => {
    setValue(initial);
    setError(undefined);
    setEditing(true);
  };
  const close = () => setEditing(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validate?.(value);
    setError(problem);
    if (problem || pending) return;
    if (value === initial) return close();
    save(value, close);
  }

  return (
    <div className={open ? `${styles.field} ${styles.editing}` : styles.field}>
      <dt id={labelId}>{label}</dt>
      <dd>
        {open ? (
          <form className={styles.editor} onSubmit={submit}>
            {control({
              id: controlId,
              value,
              onChange: setValue,
              props: {
                ...controlProps(controlId, error),
                'aria-labelledby': labelId,
                autoFocus: true,
                onKeyDown: (event) => event.key === 'Escape' && close(),
              },
            })}
            {error && (
              <p id={`${controlId}-error`} className={styles.error}>
                {error}
              </p>
            )}
            <div className={styles.editorActions}>
              <Button type="submit" size="sm" disabled={pending} aria-busy={pending}>
                {pending ? 'Saving...' : 'Save'}
              </Button>
              <Button size="sm" variant="secondary" onClick={close}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div ref={shown} className={styles.value}>
            <span className={styles.shown}>{children}</span>
            {editable && (
              <Button size="sm" variant="ghost" onClick={start} aria-label={`Change ${label.toLowerCase()}`}>
                Change
              </Button>
            )}
          </div>
        )}
      </dd>
    </div>
  );
}

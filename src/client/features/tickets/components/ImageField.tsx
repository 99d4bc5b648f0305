import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useLatest } from '../../../lib/useLatest.ts';
import { VALIDATION } from '../../../../shared/messages.ts';
import { validateImageFile } from '../../../../shared/validators.ts';
import { Button } from '../../../components/Button.tsx';
import styles from './ImageField.module.css';

export interface ImageFieldProps {
  /** A data URL, or '' for none. */
  value: string;
  onChange(value: string): void;
  error?: string;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Optional image: images only, at most 512,000 bytes, kept as a data URL with a preview. */
export function ImageField({ value, onChange, error }: ImageFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string>();
  const picks = useRef(0);

  function clearInput() {
    if (input.current) input.current.value = '';
  }

  /** A file from the picker, a paste or a drop: the same checks and messages for all three. */
  async function take(file: File | undefined) {
    const pickNumber = ++picks.current;
    setProblem(undefined);
    if (!file) return;
    const refused = validateImageFile(file);
    if (refused) {
      // product.md#validation-ticket: a file that is too large is reported in an alert; a wrong type under the field.
      if (refused === VALIDATION.imageSize) window.alert(refused);
      else setProblem(refused);
      clearInput();
      return;
    }
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch {
      // The file vanished or could not be read: keep the image the form had.
      clearInput();
      return;
    }
    // A file picked while this one was being read wins.
    if (pickNumber === picks.current) onChange(dataUrl);
  }
  const takeLatest = useLatest(take);

  // Ctrl+V anywhere in the form: a pasted file is taken as the image; pasted text goes where it was typed.
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const onPaste = (event: ClipboardEvent) => {
      const file = event.clipboardData?.files?.[0];
      if (!file) return;
      event.preventDefault();
      void takeLatest.current(file);
    };
    form.addEventListener('paste', onPaste);
    return () => form.removeEventListener('paste', onPaste);
  }, [takeLatest]);

  const [dragging, setDragging] = useState(false);
  const onDragOver = (event: DragEvent) => {
    if (![...(event.dataTransfer?.types ?? [])].includes('Files')) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer?.files?.[0];
    if (file) {
      clearInput();
      void take(file);
    }
  };

  function remove() {
    clearInput();
    onChange('');
  }

  const message = problem ?? error;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Image (optional)
      </label>
      <div
        className={dragging ? `${styles.drop} ${styles.dragging}` : styles.drop}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-drop"
      >
        <input
          ref={input}
          id={id}
          name="image"
          type="file"
          accept="image/*"
          className={styles.input}
          onChange={(event) => void take(event.target.files?.[0])}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : `${id}-hint`}
        />
        <span id={`${id}-hint`} className={styles.hint}>
          or paste (Ctrl+V) or drop an image here
        </span>
      </div>
      {message && (
        <p id={`${id}-error`} className={styles.error}>
          {message}
        </p>
      )}
      {value && (
        <div className={styles.preview}>
          <img src={value} alt="Selected image preview" className={styles.image} />
          <Button type="button" variant="ghost" size="sm" onClick={remove}>
            Remove image
          </Button>
        </div>
      )}
    </div>
  );
}

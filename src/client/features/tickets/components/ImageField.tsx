import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useLatest } from '../../../lib/useLatest.ts';
import { VALIDATION } from '../../../../shared/messages.ts';
import { IMAGE_ACCEPT, IMAGE_SIGNATURE_BYTES, imageTypeOf } from '../../../../shared/imageType.ts';
import { validateImageFile } from '../../../../shared/validators.ts';
import { Button } from '../../../components/Button.tsx';
import styles from './ImageField.module.css';

export interface ImageFieldProps {
  /** A data URL, or '' for none. */
  value: string;
  onChange(value: string): void;
  error?: string;
  /** Told when a picked file is refused (its message) and when the refusal is gone (undefined): the form holds its submit meanwhile. */
  onProblem?(message: string | undefined): void;
}

/** The file's first bytes: what decides whether it is an image, whatever its name says. */
async function firstBytes(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
}

/** The data URL under the type its bytes are (a PNG named .jpg is sent as the PNG it is). */
const asType = (dataUrl: string, type: string) => dataUrl.replace(/^data:[^,]*?;base64,/, `data:${type};base64,`);

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Optional image: PNG, JPEG, GIF or WebP by their bytes, at most 512,000 bytes, kept as a data URL with a preview. */
export function ImageField({ value, onChange, error, onProblem }: ImageFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setShownProblem] = useState<string>();
  const picks = useRef(0);
  const setProblem = (message: string | undefined) => {
    setShownProblem(message);
    onProblem?.(message);
  };

  function clearInput() {
    if (input.current) input.current.value = '';
  }

  function refuse(message: string) {
    // product.md#validation-ticket: a file that is too large is reported in an alert and dropped; a
    // wrong type stays named in the picker with the message under it, until another pick or Remove.
    if (message !== VALIDATION.imageSize) return setProblem(message);
    window.alert(message);
    clearInput();
  }

  /** A file from the picker, a paste or a drop: the same checks and messages for all three. */
  async function take(file: File | undefined) {
    const pickNumber = ++picks.current;
    setProblem(undefined);
    if (!file) return;
    // A declared image that is too large is refused before its bytes are read: the alert comes at once.
    if (validateImageFile(file) === VALIDATION.imageSize) return refuse(VALIDATION.imageSize);
    let bytes: Uint8Array;
    try {
      bytes = await firstBytes(file);
    } catch {
      // The file vanished or could not be read: keep the image the form had.
      clearInput();
      return;
    }
    if (pickNumber !== picks.current) return;
    const refused = validateImageFile(file, bytes);
    if (refused) return refuse(refused);
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch {
      // The file vanished or could not be read: keep the image the form had.
      clearInput();
      return;
    }
    // A file picked while this one was being read wins.
    if (pickNumber === picks.current) onChange(asType(dataUrl, imageTypeOf(bytes)!));
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
    setProblem(undefined);
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
          accept={IMAGE_ACCEPT}
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
      {problem && !value && (
        <Button type="button" variant="ghost" size="sm" onClick={remove} className={styles.dismiss}>
          Remove image
        </Button>
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

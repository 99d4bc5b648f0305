import { useId, useRef, useState, type ChangeEvent } from 'react';
import { LIMITS } from '../../../../shared/constants.ts';
import { VALIDATION } from '../../../../shared/messages.ts';
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

  function clearInput() {
    if (input.current) input.current.value = '';
  }

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setProblem(undefined);
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setProblem(VALIDATION.imageType);
      clearInput();
      return;
    }
    if (file.size > LIMITS.imageMaxBytes) {
      window.alert(VALIDATION.imageSize);
      clearInput();
      return;
    }
    onChange(await readAsDataUrl(file));
  }

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
      <input
        ref={input}
        id={id}
        name="image"
        type="file"
        accept="image/*"
        className={styles.input}
        onChange={(event) => void pick(event)}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
      />
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

/**
 * A search box with a (visually hidden) label; `onChange` receives the new value. '/' focuses it
 * from anywhere that is not a text field (lib/shortcuts.ts), so every list with a search answers
 * the key the same way.
 */
import { useEffect, useId, useRef, type RefObject } from 'react';
import { isShortcut, SHORTCUTS } from '../lib/shortcuts.ts';
import { controlProps } from './Field.tsx';
import { Icon } from './Icon.tsx';
import styles from './SearchInput.module.css';

export interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  /** @default 'Search' */
  label?: string;
  /** @default label */
  placeholder?: string;
  /** Extra class on the wrapper (its width). */
  className?: string;
}

/** '/' focuses the input; when several searches are shown, the first one mounted takes it. */
function useSearchShortcut(input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcut(event, SHORTCUTS.search)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [input]);
}

export function SearchInput({ value, onChange, label = 'Search', placeholder, className }: SearchInputProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useSearchShortcut(input);
  return (
    <div className={className ? `${styles.search} ${className}` : styles.search}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Icon name="search" size={18} className={styles.icon} />
      <input
        ref={input}
        {...controlProps(id, undefined, styles.input)}
        type="search"
        aria-keyshortcuts={SHORTCUTS.search.key}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder ?? label}
      />
    </div>
  );
}

/** A search box with a (visually hidden) label; `onChange` receives the new value. */
import { useId, type Ref } from 'react';
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
  /** The <input>, e.g. to focus it from a keyboard shortcut. */
  inputRef?: Ref<HTMLInputElement>;
  /** Extra class on the wrapper (its width). */
  className?: string;
}

export function SearchInput({ value, onChange, label = 'Search', placeholder, inputRef, className }: SearchInputProps) {
  const id = useId();
  return (
    <div className={className ? `${styles.search} ${className}` : styles.search}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Icon name="search" size={18} className={styles.icon} />
      <input ref={inputRef} {...controlProps(id, undefined, styles.input)} type="search" value={value} onChange={(event) => onChange(event.target.value)} placeholder={placeholder ?? label} />
    </div>
  );
}

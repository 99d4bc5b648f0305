/** A labelled <select>; `onChange` receives the chosen value ('' for the placeholder). */
import { useId, type SelectHTMLAttributes } from 'react';
import { FieldFrame, controlProps } from './Field.tsx';

export interface SelectOption {
  value: string | number;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange' | 'value'> {
  value: string | number;
  onChange: (value: string) => void;
  label: string;
  name: string;
  options: readonly SelectOption[];
  error?: string;
  /** First, empty choice (value ''), e.g. 'Select category'. */
  placeholder?: string;
  id?: string;
}

export function SelectField({ label, options, error, placeholder, id, className, onChange, ...select }: SelectFieldProps) {
  const fallback = useId();
  const fieldId = id ?? `${select.name}-${fallback}`;
  return (
    <FieldFrame id={fieldId} label={label} error={error}>
      <select {...select} onChange={(event) => onChange(event.target.value)} {...controlProps(fieldId, error, className)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

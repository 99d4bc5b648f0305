/** A labelled <input>; `onChange` receives the new value. */
import { useId, type InputHTMLAttributes } from 'react';
import { FieldFrame, controlProps } from './Field.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  value: string;
  onChange: (value: string) => void;
  label: string;
  name: string;
  /** Message shown under the field; marks it invalid. */
  error?: string;
  /** @default 'text' */
  type?: string;
  /** Visually hide the label. @default false */
  hideLabel?: boolean;
  /** @default derived from name */
  id?: string;
}

export function TextField({ label, error, hideLabel, id, type = 'text', className, onChange, ...input }: TextFieldProps) {
  const fallback = useId();
  const fieldId = id ?? `${input.name}-${fallback}`;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hideLabel={hideLabel}>
      <input type={type} {...input} onChange={(event) => onChange(event.target.value)} {...controlProps(fieldId, error, className)} />
    </FieldFrame>
  );
}

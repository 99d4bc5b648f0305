/** A labelled <textarea>; `onChange` receives the new value. */
import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { FieldFrame, controlProps } from './Field.tsx';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange' | 'value'> {
  value: string;
  onChange: (value: string) => void;
  label: string;
  name: string;
  error?: string;
  /** @default 4 */
  rows?: number;
  id?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ label, error, id, rows = 4, className, onChange, ...textarea }: TextAreaProps) {
  const fallback = useId();
  const fieldId = id ?? `${textarea.name}-${fallback}`;
  return (
    <FieldFrame id={fieldId} label={label} error={error}>
      <textarea rows={rows} {...textarea} onChange={(event) => onChange(event.target.value)} {...controlProps(fieldId, error, className)} />
    </FieldFrame>
  );
}

/** Field errors that stay hidden until the first submit attempt, then follow the values live. */
import { useState } from 'react';
import { hasErrors, type FieldErrors } from '../../shared/validators.ts';

export interface FormErrors {
  /** `{field: message}` for the current values; empty until `check()` has been called once. */
  errors: FieldErrors;
  /** Call on submit: from now on errors are shown (and updated as the values change). True when valid. */
  check(): boolean;
}

/**
 * Runs `validate(values)` on every render once the form has been submitted, so an error disappears
 * as soon as its field becomes valid and comes back if it breaks again; before that nothing shows.
 */
export function useFormErrors<V>(validate: (values: V) => FieldErrors, values: V): FormErrors {
  const [submitted, setSubmitted] = useState(false);
  return {
    errors: submitted ? validate(values) : {},
    check() {
      setSubmitted(true);
      return !hasErrors(validate(values));
    },
  };
}

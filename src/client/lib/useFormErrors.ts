/** Field errors that stay hidden until the first submit attempt, then follow the values live. */
import { useState } from 'react';
import { hasErrors, type FieldErrors } from '../../shared/validators.ts';
import { ApiError } from './request.ts';

export interface FormErrors {
  /**
   * `{field: message}` for the current values (empty until `check()` has been called once), with
   * the server's first message for a field the client finds valid: the client's rule comes first.
   */
  errors: FieldErrors;
  /** Call on submit: from now on errors are shown (and updated as the values change). True when valid. */
  check(): boolean;
}

/** The client's errors, and for a field without one the first of the server's (a 422 answer's `errors`). */
function merged(client: FieldErrors, failure: Error | null | undefined): FieldErrors {
  const server = failure instanceof ApiError ? failure.errors : undefined;
  if (!server) return client;
  const errors = { ...client };
  for (const [field, messages] of Object.entries(server)) {
    const first = messages?.[0];
    if (errors[field] === undefined && first !== undefined) errors[field] = first;
  }
  return errors;
}

/**
 * Runs `validate(values)` on every render once the form has been submitted, so an error disappears
 * as soon as its field becomes valid and comes back if it breaks again; before that nothing shows.
 * `failure` is the form's last failed answer: its field errors show under the fields.
 */
export function useFormErrors<V>(validate: (values: V) => FieldErrors, values: V, failure?: Error | null): FormErrors {
  const [submitted, setSubmitted] = useState(false);
  return {
    errors: merged(submitted ? validate(values) : {}, failure),
    check() {
      setSubmitted(true);
      return !hasErrors(validate(values));
    },
  };
}

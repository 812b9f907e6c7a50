import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { fieldErrorsFromError } from '../../ui/field-errors';
import { useFormFields } from '../../ui/use-form-fields';

/** A schema's safeParse, as zod answers it. */
type Parse<B> = (
  values: unknown,
) =>
  | { success: true; data: B }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/**
 * One form of the own two-factor sign-in (the authenticator app, passkeys): its text fields checked with the contract's body schema, sent with the
 * mutation; a refusal's field messages go on the fields, anything else (a lock, a conflict) above the form.
 */
export function useTwoFactorForm<V extends Record<keyof V, string>, B, R>(
  initial: V,
  schema: { safeParse: Parse<B> },
  mutation: UseMutationResult<R, Error, B>,
  onSuccess: (result: R) => void,
) {
  const form = useFormFields(initial);
  const [formError, setFormError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const body = form.validate(schema.safeParse(form.values));
    if (!body) return;
    mutation.mutate(body, {
      onSuccess,
      onError: (error) => {
        const fields = fieldErrorsFromError(error);
        form.setErrors(fields);
        setFormError(Object.keys(fields).length > 0 ? null : errorMessage(error));
      },
    });
  }

  /** Back to the first values, with nothing said (a form that stays on screen after a success). */
  function reset() {
    form.setValues(initial);
    form.setErrors({});
    setFormError(null);
  }

  return { values: form.values, errors: form.errors, handleChange: form.handleChange, formError, handleSubmit, reset };
}

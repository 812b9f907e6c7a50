import { errorMessage } from '../../api/api-error';
import { type FieldErrors, fieldErrorsFromError } from '../../ui/field-errors';

/**
 * Shows a refused call on its form: the server's field messages on the fields, anything else (a lock, a conflict,
 * the server down) above the form.
 */
export function showRefusal(
  error: unknown,
  setErrors: (errors: FieldErrors) => void,
  setFormError: (message: string | null) => void,
) {
  const fields = fieldErrorsFromError(error);
  setErrors(fields);
  setFormError(Object.keys(fields).length > 0 ? null : errorMessage(error));
}

import { useState } from 'react';
import { type FieldErrors, fieldErrorsFromIssues, withoutField } from './field-errors';

/** A schema's `safeParse` answer (zod's shape). */
type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** A form's text values and field errors; editing a field clears that field's error. */
export function useFormFields<T extends Record<keyof T, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  function handleChange(field: keyof T & string, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutField(current, field));
  }

  /** The parsed body to send, or null with the first message of each field shown. */
  function validate<D>(result: ParseResult<D>): D | null {
    if (!result.success) {
      setErrors(fieldErrorsFromIssues(result.error.issues));
      return null;
    }
    setErrors({});
    return result.data;
  }

  return { values, setValues, errors, setErrors, handleChange, validate };
}

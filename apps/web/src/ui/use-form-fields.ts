import { useState } from 'react';
import { type FieldErrors, withoutField } from './field-errors';

/** A form's text values and field errors; editing a field clears that field's error. */
export function useFormFields<T extends Record<keyof T, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  function handleChange(field: keyof T & string, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutField(current, field));
  }

  return { values, setValues, errors, setErrors, handleChange };
}

import type { InputHTMLAttributes, ReactNode } from 'react';
import { FormField } from './form-field';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'children'> {
  label: string;
  value: string;
  /** Hears the new text. */
  onChange: (value: string) => void;
  error?: string;
  /** A hint under the input. */
  hint?: ReactNode;
  /** Marks the label with an asterisk (the input's own `required` is a separate attribute). */
  isRequired?: boolean;
}

/** A labelled text input with its hint and error: the rest of the props (type, name, test id) go to the input. */
export function TextField({ label, value, onChange, error, hint, isRequired, ...input }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} isRequired={isRequired}>
      {(props) => <input {...props} {...input} value={value} onChange={(event) => onChange(event.target.value)} />}
    </FormField>
  );
}

import type { Ref } from 'react';
import { FormField } from './form-field';

interface CodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Without one, the hint says a recovery code is taken too. */
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A two-factor code: six digits from the authenticator app or a recovery code (letters, so no numeric keypad). */
export function CodeField({
  value,
  onChange,
  error,
  hint = '6 digits, or a recovery code such as abcde-23456',
  ref,
}: CodeFieldProps) {
  return (
    <FormField label="Authentication code" error={error} hint={hint}>
      {(props) => (
        <input
          {...props}
          ref={ref}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

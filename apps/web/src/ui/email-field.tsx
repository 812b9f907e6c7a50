import { FormField } from './form-field';

interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The 'Email' field of the sign-in and account forms: no capitals or spelling fixes forced on the address. */
export function EmailField({ value, onChange, error }: EmailFieldProps) {
  return (
    <FormField label="Email" error={error}>
      {(props) => (
        <input
          {...props}
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

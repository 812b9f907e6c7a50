import type { FieldErrors } from '../../ui/field-errors';
import { PasswordField } from '../../ui/password-field';

interface CurrentPasswordFieldProps {
  /** A useTwoFactorForm form with a password field. */
  form: { values: { password: string }; errors: FieldErrors; handleChange: (field: 'password', value: string) => void };
}

/** The current password, which every change that could weaken the own second factors asks for. */
export function CurrentPasswordField({ form }: CurrentPasswordFieldProps) {
  return (
    <PasswordField
      label="Current password"
      autoComplete="current-password"
      value={form.values.password}
      error={form.errors.password}
      onChange={(value) => form.handleChange('password', value)}
    />
  );
}

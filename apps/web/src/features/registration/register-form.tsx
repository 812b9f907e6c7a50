import { registerBody } from '@guildhall/contract';
import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { EmailField } from '../../ui/email-field';
import type { FieldErrors } from '../../ui/field-errors';
import { PasswordField } from '../../ui/password-field';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { useFormFields } from '../../ui/use-form-fields';
import { PasswordChecklist } from './password-checklist';

/** The registration form's values, checked by the contract's schema (the whole password rule included). */
export interface RegisterValues {
  username: string;
  email: string;
  password: string;
}

interface RegisterFormProps {
  isSubmitting: boolean;
  /** Field errors from the server, shown until the field is edited. */
  serverErrors: FieldErrors;
  onSubmit: (values: RegisterValues) => void;
}

/** Username, email and password with the password rule shown live; 'Create account'. */
export function RegisterForm({ isSubmitting, serverErrors, onSubmit }: RegisterFormProps) {
  const {
    values,
    errors: clientErrors,
    handleChange: changeValue,
    validate,
  } = useFormFields<RegisterValues>({ username: '', email: '', password: '' });
  const [edited, setEdited] = useState<FieldErrors>({});
  const errors = { ...withoutEdited(serverErrors, edited), ...clientErrors };

  function handleChange(field: keyof RegisterValues, value: string) {
    changeValue(field, value);
    setEdited((current) => ({ ...current, [field]: 'edited' }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = validate(registerBody.safeParse(values));
    if (!body) return;
    setEdited({});
    onSubmit(body);
  }

  return (
    <form className="form" onSubmit={handleSubmit} noValidate>
      <TextField
        label="Username"
        error={errors.username}
        name="username"
        autoComplete="username"
        value={values.username}
        onChange={(value) => handleChange('username', value)}
      />
      <EmailField value={values.email} error={errors.email} onChange={(value) => handleChange('email', value)} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        onChange={(value) => handleChange('password', value)}
        hint={<PasswordChecklist password={values.password} owner={values} />}
      />
      <SubmitButton
        icon={<UserPlus size={18} aria-hidden="true" />}
        isBusy={isSubmitting}
        busyLabel="Creating account..."
        isBlock
      >
        Create account
      </SubmitButton>
    </form>
  );
}

function withoutEdited(errors: FieldErrors, edited: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !(field in edited)));
}

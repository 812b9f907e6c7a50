import { Eye, EyeOff } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { FormField } from './form-field';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  name?: string;
  /** current-password to sign in, new-password to choose one. */
  autoComplete: 'current-password' | 'new-password';
  /** Told of every key let go in the input (the admin sign-in watches Caps Lock). */
  onKeyUp?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** A test id for the show/hide button. */
  toggleTestId?: string;
}

/** A password input with a show/hide button (named Show/Hide, so a label query finds only the input). */
export function PasswordField({
  label,
  value,
  onChange,
  error,
  hint,
  name = 'password',
  autoComplete,
  onKeyUp,
  toggleTestId,
}: PasswordFieldProps) {
  const [isShown, setIsShown] = useState(false);
  return (
    <FormField
      label={label}
      error={error}
      hint={hint}
      adornment={
        <button
          type="button"
          className="field__adornment"
          aria-pressed={isShown}
          onClick={() => setIsShown((shown) => !shown)}
          data-testid={toggleTestId}
        >
          {isShown ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
          {isShown ? 'Hide' : 'Show'}
        </button>
      }
    >
      {(props) => (
        <input
          {...props}
          name={name}
          type={isShown ? 'text' : 'password'}
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyUp={onKeyUp}
        />
      )}
    </FormField>
  );
}

import { PASSKEY_RULE } from '@guildhall/contract';
import { FormField } from '../../ui/form-field';

interface PasskeyNameFieldProps {
  value: string;
  error?: string;
  onChange: (value: string) => void;
  /** Focused when its dialog opens. */
  isAutoFocused?: boolean;
}

/** The name the admin gives a passkey, to tell their devices apart in the list. */
export function PasskeyNameField({ value, error, onChange, isAutoFocused = false }: PasskeyNameFieldProps) {
  return (
    <FormField label="Passkey name" error={error} hint="Where it lives, for example Work laptop or Blue security key">
      {(props) => (
        <input
          {...props}
          name="passkeyName"
          autoComplete="off"
          maxLength={PASSKEY_RULE.nameMaxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...(isAutoFocused ? { 'data-autofocus': true } : {})}
        />
      )}
    </FormField>
  );
}

import { useId } from 'react';
import { FormField } from '../../ui/form-field';
import type { GuildField, GuildFieldErrors, GuildFormValues } from './guild-form-values';

/** What every control needs from the form: its values, its errors and how to change one. */
export interface GuildFormBinding {
  values: GuildFormValues;
  errors: GuildFieldErrors;
  onChange: <K extends GuildField>(field: K, value: GuildFormValues[K]) => void;
}

type FieldsOf<V> = { [K in GuildField]: GuildFormValues[K] extends V ? K : never }[GuildField];

interface TextControlProps {
  form: GuildFormBinding;
  field: FieldsOf<string>;
  label: string;
  type?: 'text' | 'url' | 'email' | 'number';
  placeholder?: string;
  hint?: string;
  isRequired?: boolean;
  isMultiline?: boolean;
  autoComplete?: string;
}

/** A labelled text, number, URL or e-mail input, or a text area. */
export function TextControl({
  form,
  field,
  label,
  type = 'text',
  placeholder,
  hint,
  isRequired,
  isMultiline,
  autoComplete,
}: TextControlProps) {
  const value = form.values[field];
  return (
    <FormField label={label} error={form.errors[field]} hint={hint} isRequired={isRequired}>
      {(props) =>
        isMultiline ? (
          <textarea
            {...props}
            name={field}
            rows={3}
            value={value}
            placeholder={placeholder}
            onChange={(event) => form.onChange(field, event.target.value)}
          />
        ) : (
          <input
            {...props}
            name={field}
            type={type}
            value={value}
            placeholder={placeholder}
            required={isRequired}
            autoComplete={autoComplete ?? 'off'}
            inputMode={type === 'number' ? 'numeric' : undefined}
            onChange={(event) => form.onChange(field, event.target.value)}
          />
        )
      }
    </FormField>
  );
}

interface SelectControlProps<K extends GuildField> {
  form: GuildFormBinding;
  field: K;
  label: string;
  options: readonly { value: GuildFormValues[K]; label: string }[];
  isRequired?: boolean;
}

/** A labelled select of the field's allowed values. */
export function SelectControl<K extends FieldsOf<string>>({ form, field, label, options, isRequired }: SelectControlProps<K>) {
  return (
    <FormField label={label} error={form.errors[field]} isRequired={isRequired}>
      {(props) => (
        <select
          {...props}
          name={field}
          required={isRequired}
          value={form.values[field]}
          onChange={(event) => form.onChange(field, event.target.value as GuildFormValues[K])}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

interface SwitchControlProps {
  form: GuildFormBinding;
  field: FieldsOf<boolean>;
  label: string;
  description: string;
}

/** A labelled on/off switch on a checkbox. */
export function SwitchControl({ form, field, label, description }: SwitchControlProps) {
  const id = useId();
  return (
    <div className="switch-field">
      <input
        id={id}
        name={field}
        type="checkbox"
        className="switch-field__input"
        checked={form.values[field]}
        aria-describedby={`${id}-description`}
        onChange={(event) => form.onChange(field, event.target.checked)}
      />
      <span className="switch__track" aria-hidden="true" />
      <span className="switch-field__text">
        <label htmlFor={id} className="switch-field__label">
          {label}
        </label>
        <span id={`${id}-description`} className="switch-field__description">
          {description}
        </span>
      </span>
    </div>
  );
}

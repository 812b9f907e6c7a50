import { type ReactNode, useId } from 'react';

/** What a field's control needs to be tied to its label and error. */
export interface FieldControlProps {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: string;
  error?: string;
  /** A hint under the control. */
  hint?: ReactNode;
  /** Renders the control with the props that label it. */
  children: (props: FieldControlProps) => ReactNode;
  /** Something beside the control inside its frame, such as a show/hide button. */
  adornment?: ReactNode;
  /** Marks the label with an asterisk (hidden from screen readers, which hear the control's required state). */
  isRequired?: boolean;
}

/** A labelled form field with its error message under it. */
export function FormField({ label, error, hint, children, adornment, isRequired }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {isRequired && (
          <span className="field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      <div className="field__control">
        {children({ id, className: 'input', 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
        {adornment}
      </div>
      {hint && (
        <div id={hintId} className="field__hint">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

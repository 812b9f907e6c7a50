import { errorMessage } from '../api/api-error';

interface FormErrorProps {
  /** The failed call's error (a mutation's `error`): nothing shows while it is null. */
  error: unknown;
  /** The errors already shown at their fields: when there are any, the form says nothing more. */
  fields?: Record<string, string | undefined>;
  /** Beside `form-error` (where it spans a grid). */
  className?: string;
}

/** Why a form's call failed, as an alert under its fields, in the service's words. */
export function FormError({ error, fields, className }: FormErrorProps) {
  if (!error || (fields && Object.keys(fields).length > 0)) return null;
  return (
    <p className={className ? `form-error ${className}` : 'form-error'} role="alert">
      {errorMessage(error)}
    </p>
  );
}

import { ApiError } from '../api/api-error';

/** One message per field, keyed by the field's name. */
export type FieldErrors = Record<string, string>;

/** The first message of each field from a schema's issues (zod's `error.issues`). */
export function fieldErrorsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** The field messages of a refused call (a 400's `fields` map), or none. */
export const fieldErrorsFromError = (error: unknown): FieldErrors => (error instanceof ApiError ? error.fields : {});

/** The errors without the given field: a field's error clears when that field is edited. */
export function withoutField(errors: FieldErrors, field: string): FieldErrors {
  if (!(field in errors)) return errors;
  const { [field]: _cleared, ...rest } = errors;
  return rest;
}

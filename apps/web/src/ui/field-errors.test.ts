import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { fieldErrorsFromError, fieldErrorsFromIssues, withoutField } from './field-errors';

describe('field errors', () => {
  it('keeps the first message of each field', () => {
    const errors = fieldErrorsFromIssues([
      { path: ['email'], message: 'Email is required' },
      { path: ['email'], message: 'Please enter a valid email address' },
      { path: ['password'], message: 'Password is required' },
      { path: [], message: 'form-level' },
    ]);
    expect(errors).toEqual({ email: 'Email is required', password: 'Password is required' });
  });

  it('reads the fields of a refused call', () => {
    expect(fieldErrorsFromError(new ApiError(400, 'x', { fields: { email: 'taken' } }))).toEqual({ email: 'taken' });
    expect(fieldErrorsFromError(new Error('x'))).toEqual({});
  });

  it('clears one field', () => {
    const errors = { email: 'a', password: 'b' };
    expect(withoutField(errors, 'email')).toEqual({ password: 'b' });
    expect(withoutField(errors, 'username')).toBe(errors);
  });
});

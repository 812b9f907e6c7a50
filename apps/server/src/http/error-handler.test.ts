import { describe, expect, it } from 'vitest';
import { fieldsOf } from './error-handler';

describe('fieldsOf', () => {
  it('maps each field to its first message and skips whole-body issues', () => {
    expect(
      fieldsOf([
        { instancePath: '/username', message: 'Username is required' },
        { instancePath: '/username', message: 'second' },
        { instancePath: '/settings/0/name', message: 'Too short' },
        { instancePath: '', message: 'Expected object' },
      ]),
    ).toEqual({ username: 'Username is required', 'settings.0.name': 'Too short' });
  });
});

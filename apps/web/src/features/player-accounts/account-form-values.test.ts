import { PLAYER_ACCOUNT_MESSAGES } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { emptyAccountForm, isFormDirty, validateAccountForm } from './account-form-values';

describe('the account form', () => {
  it('gives each field the spec’s message', () => {
    const result = validateAccountForm({ ...emptyAccountForm(), displayName: 'A', email: 'nope', discordId: '12ab' });
    expect(result).toEqual({
      success: false,
      errors: {
        displayName: PLAYER_ACCOUNT_MESSAGES.displayNameLength,
        email: PLAYER_ACCOUNT_MESSAGES.email,
        discordId: PLAYER_ACCOUNT_MESSAGES.discordId,
      },
    });
    expect(validateAccountForm(emptyAccountForm())).toMatchObject({
      errors: { displayName: PLAYER_ACCOUNT_MESSAGES.displayNameRequired },
    });
  });

  it('sends blank optional values as null', () => {
    expect(validateAccountForm({ ...emptyAccountForm(), displayName: ' Ana ', notes: '  ' })).toEqual({
      success: true,
      body: { displayName: 'Ana', email: null, discordId: null, battlenetId: null, accountStatus: 'active', notes: null },
    });
  });

  it('knows when something was changed', () => {
    expect(isFormDirty(emptyAccountForm(), emptyAccountForm())).toBe(false);
    expect(isFormDirty({ ...emptyAccountForm(), notes: 'x' }, emptyAccountForm())).toBe(true);
  });
});

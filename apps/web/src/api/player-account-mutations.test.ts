import { linkHeldByOther } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { linkHolderOf } from './player-account-mutations';

describe('a link another account holds', () => {
  it('is read from a 409 naming the holder', () => {
    const message = linkHeldByOther('discord', 'Ana');
    const error = new ApiError(409, message, {
      code: 'CONFLICT',
      body: { success: false, error: message, provider: 'discord', existingAccountId: 'a-1', existingAccountName: 'Ana' },
    });
    expect(linkHolderOf(error)).toEqual({ provider: 'discord', accountId: 'a-1', accountName: 'Ana', message });
  });

  it('is not any other refusal', () => {
    expect(linkHolderOf(new ApiError(409, 'No Discord account is linked', { body: { success: false } }))).toBeNull();
    expect(linkHolderOf(new ApiError(400, 'bad', { body: { provider: 'discord', existingAccountName: 'Ana' } }))).toBeNull();
    expect(linkHolderOf(new Error('network'))).toBeNull();
  });
});

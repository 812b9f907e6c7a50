import type { CommunityUser } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { type SessionStartDeps, startCommunitySession } from './session-start';

const user = (username: string): CommunityUser => ({
  id: username,
  username,
  email: null,
  authMethod: 'discord',
  emailVerified: false,
  hasBasicAccess: true,
  isAdmin: false,
  selectedGuildId: null,
  avatarUrl: null,
  globalName: null,
  accountPermissions: { isGlobalAdmin: false },
});

const refused = () => new ApiError(401, 'refused', { code: 'INVALID_TOKEN' });

/** Deps that record every step; each call answers from the given script. */
function script(overrides: Partial<SessionStartDeps> & { token?: string | null; hasHint?: boolean }) {
  const steps: string[] = [];
  let token = overrides.token ?? null;
  const deps: SessionStartDeps = {
    storedAccessToken: () => token,
    validate: async () => {
      steps.push('validate');
      if (!overrides.validate) throw refused();
      return overrides.validate();
    },
    refresh: async (used) => {
      steps.push(`refresh:${used}`);
      return overrides.refresh ? overrides.refresh(used) : false;
    },
    clearTokens: () => {
      steps.push('clear');
      token = null;
    },
    hasCookieSessionHint: () => overrides.hasHint ?? true,
    fetchCookieUser: async () => {
      steps.push('cookie');
      if (!overrides.fetchCookieUser) throw refused();
      return overrides.fetchCookieUser();
    },
  };
  return { deps, steps };
}

describe('startCommunitySession (spec 1 §4)', () => {
  it('a valid stored token signs in without asking the cookie session', async () => {
    const { deps, steps } = script({ token: 'a1', validate: async () => ({ valid: true, user: user('ann') }) });
    await expect(startCommunitySession(deps)).resolves.toEqual({ status: 'signed-in', user: user('ann'), via: 'token' });
    expect(steps).toEqual(['validate']);
  });

  it('an invalid token is refreshed once, then validated again', async () => {
    let validations = 0;
    const { deps, steps } = script({
      token: 'a1',
      validate: async () => {
        validations += 1;
        if (validations === 1) throw refused();
        return { valid: true, user: user('ann') };
      },
      refresh: async () => true,
    });
    await expect(startCommunitySession(deps)).resolves.toMatchObject({ status: 'signed-in', via: 'token' });
    expect(steps).toEqual(['validate', 'refresh:a1', 'validate']);
  });

  it('a failed refresh clears both tokens, then falls back to the cookie session', async () => {
    const { deps, steps } = script({ token: 'a1', fetchCookieUser: async () => user('discord-dan') });
    await expect(startCommunitySession(deps)).resolves.toEqual({
      status: 'signed-in',
      user: user('discord-dan'),
      via: 'cookie',
    });
    expect(steps).toEqual(['validate', 'refresh:a1', 'clear', 'cookie']);
  });

  it('without a token only the cookie session is asked; none means signed out', async () => {
    const { deps, steps } = script({});
    await expect(startCommunitySession(deps)).resolves.toEqual({ status: 'signed-out' });
    expect(steps).toEqual(['cookie']);
  });

  it('treats valid: false like a refused token', async () => {
    const { deps, steps } = script({ token: 'a1', validate: async () => ({ valid: false, user: user('x') }) });
    await expect(startCommunitySession(deps)).resolves.toEqual({ status: 'signed-out' });
    expect(steps).toEqual(['validate', 'refresh:a1', 'clear', 'cookie']);
  });

  it('keeps the tokens when the server cannot be reached', async () => {
    const { deps, steps } = script({
      token: 'a1',
      validate: async () => {
        throw new ApiError(0, 'Request failed', { code: 'NETWORK' });
      },
    });
    await expect(startCommunitySession(deps)).rejects.toBeInstanceOf(ApiError);
    expect(steps).toEqual(['validate']);
  });

  it('asks nothing of the server without a stored token or the cookie session hint', async () => {
    const { deps, steps } = script({ hasHint: false, fetchCookieUser: async () => user('ann') });
    await expect(startCommunitySession(deps)).resolves.toEqual({ status: 'signed-out' });
    expect(steps).toEqual([]);
  });

  it('skips the cookie session after a refused token when there is no hint', async () => {
    const { deps, steps } = script({ token: 'a1', hasHint: false });
    await expect(startCommunitySession(deps)).resolves.toEqual({ status: 'signed-out' });
    expect(steps).toEqual(['validate', 'refresh:a1', 'clear']);
  });
});

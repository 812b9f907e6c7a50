import { describe, expect, it } from 'vitest';
import { registerBody } from './api/community-auth';
import { COMMON_PASSWORDS } from './common-passwords';
import { ADMIN_PASSWORD_TOO_SHORT, adminPasswordProblem, PASSWORD_MESSAGES, passwordProblem } from './password-rule';

describe('passwordProblem', () => {
  it('accepts a long, uncommon password', () => {
    expect(passwordProblem('correct horse battery', { username: 'alice', email: 'alice@example.com' })).toBeNull();
  });
  it('refuses short, long and common passwords with their messages', () => {
    expect(passwordProblem('')).toBe(PASSWORD_MESSAGES.required);
    expect(passwordProblem('short1234')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('x'.repeat(201))).toBe(PASSWORD_MESSAGES.tooLong);
    expect(passwordProblem('Password123')).toBe(PASSWORD_MESSAGES.tooCommon);
    expect(passwordProblem('QWERTYUIOP')).toBe(PASSWORD_MESSAGES.tooCommon);
  });
  it('refuses the username, the e-mail and its local part, ignoring case', () => {
    const owner = { username: 'RaidLeader42', email: 'someone.long@example.com' };
    expect(passwordProblem('raidleader42', owner)).toBe(PASSWORD_MESSAGES.sameAsIdentity);
    expect(passwordProblem('SOMEONE.LONG@example.com', owner)).toBe(PASSWORD_MESSAGES.sameAsIdentity);
    expect(passwordProblem('someone.long', owner)).toBe(PASSWORD_MESSAGES.sameAsIdentity);
  });
  it('ships about two hundred common passwords, all lower case', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(190);
    for (const word of COMMON_PASSWORDS) expect(word).toBe(word.toLowerCase());
  });
});

describe('adminPasswordProblem', () => {
  it("is the community rule with the admins' longer minimum", () => {
    expect(adminPasswordProblem('owner-Password-123', { username: 'owner' })).toBeNull();
    expect(adminPasswordProblem('')).toBe(ADMIN_PASSWORD_TOO_SHORT);
    expect(adminPasswordProblem('uncommon-11')).toBe(ADMIN_PASSWORD_TOO_SHORT);
    expect(adminPasswordProblem('password1234')).toBe(PASSWORD_MESSAGES.tooCommon);
    expect(adminPasswordProblem('x'.repeat(201))).toBe(PASSWORD_MESSAGES.tooLong);
    expect(adminPasswordProblem('Guild-Keeper-01', { username: 'guild-keeper-01' })).toBe(PASSWORD_MESSAGES.sameAsIdentity);
  });
});

describe('registerBody', () => {
  it('puts the password rule on the password field', () => {
    const result = registerBody.safeParse({ username: 'alice', email: 'a@example.com', password: 'password123' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['password', PASSWORD_MESSAGES.tooCommon]]);
  });
  it('normalises the e-mail', () => {
    const parsed = registerBody.parse({ username: ' alice ', email: ' Alice@Example.COM ', password: 'a fine long phrase' });
    expect(parsed).toEqual({ username: 'alice', email: 'alice@example.com', password: 'a fine long phrase' });
  });
  it('reports one message for an empty password', () => {
    const result = registerBody.safeParse({ username: 'alice', email: 'a@example.com', password: '' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([PASSWORD_MESSAGES.required]);
  });
});

import { describe, expect, it } from 'vitest';
import { createInviteBody, GUILD_INVITE_MESSAGES, inviteCodeFrom, invitePath } from './guild-invites';

describe('inviteCodeFrom', () => {
  const code = 'AbCd_efGH-ijklMNOPqrstUVwx';

  it('finds the code in a pasted link, with or without a trailing part', () => {
    expect(inviteCodeFrom(`https://guildhall.example/join/${code}`)).toBe(code);
    expect(inviteCodeFrom(`  http://localhost:3000/join/${code}?utm=x `)).toBe(code);
    expect(inviteCodeFrom(`/join/${code}/`)).toBe(code);
  });

  it('takes a bare code, and nothing else', () => {
    expect(inviteCodeFrom(code)).toBe(code);
    expect(inviteCodeFrom('not a link')).toBeNull();
    expect(inviteCodeFrom('https://guildhall.example/settings')).toBeNull();
    expect(inviteCodeFrom('')).toBeNull();
  });

  it('builds the join path of a code', () => {
    expect(invitePath(code)).toBe(`/join/${code}`);
  });
});

describe('createInviteBody', () => {
  it('defaults to a single use for 7 days', () => {
    expect(createInviteBody.parse({})).toEqual({ maxUses: 1, expiresIn: '7d' });
  });

  it('takes whole use limits from 1 to 1,000 only', () => {
    expect(createInviteBody.parse({ maxUses: 1000, expiresIn: '1h' })).toEqual({ maxUses: 1000, expiresIn: '1h' });
    for (const maxUses of [0, 1001, 2.5]) {
      const result = createInviteBody.safeParse({ maxUses });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(GUILD_INVITE_MESSAGES.maxUses);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { GUILD_MESSAGES, guildInput, isDiscordInviteUrl } from './guilds';

const valid = { guild_name: 'Knights of Dawn', server: 'Stormrage' };

/** The first message zod gives for each field. */
function fieldErrors(input: unknown): Record<string, string> {
  const result = guildInput.safeParse(input);
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    fields[key] ??= issue.message;
  }
  return fields;
}

describe('guild form rules (spec 1 §5)', () => {
  it('fills every default of the entity', () => {
    expect(guildInput.parse(valid)).toMatchObject({
      region: 'US',
      faction: 'Alliance',
      is_active: true,
      max_members: 1000,
      timezone: 'UTC',
      language: 'en',
      loot_system: 'DKP',
      website: null,
      discord_invite: null,
      contact_email: null,
    });
  });
  it('requires a name and a server with the exact messages', () => {
    expect(fieldErrors({})).toMatchObject({ guild_name: GUILD_MESSAGES.nameRequired, server: GUILD_MESSAGES.serverRequired });
    expect(fieldErrors({ guild_name: '  ', server: '' })).toMatchObject({
      guild_name: GUILD_MESSAGES.nameRequired,
      server: GUILD_MESSAGES.serverRequired,
    });
  });
  it('bounds name and server to 2-100 characters', () => {
    expect(fieldErrors({ guild_name: 'A', server: 'x'.repeat(101) })).toEqual({
      guild_name: GUILD_MESSAGES.nameLength,
      server: GUILD_MESSAGES.serverLength,
    });
    expect(fieldErrors({ guild_name: 'AB', server: 'x'.repeat(100) })).toEqual({});
  });
  it('requires region and faction from their lists', () => {
    expect(fieldErrors({ ...valid, region: 'MARS', faction: '' })).toEqual({
      region: GUILD_MESSAGES.regionRequired,
      faction: GUILD_MESSAGES.factionRequired,
    });
  });
  it.each([0, 10_001, 2.5, 'many'])('refuses max_members %s', (max_members) => {
    expect(fieldErrors({ ...valid, max_members })).toEqual({ max_members: GUILD_MESSAGES.maxMembers });
  });
  it('checks website, invite and e-mail only when given', () => {
    expect(fieldErrors({ ...valid, website: '', discord_invite: '', contact_email: '' })).toEqual({});
    expect(
      fieldErrors({ ...valid, website: 'not a url', discord_invite: 'https://example.com/x', contact_email: 'a@b' }),
    ).toEqual({
      website: GUILD_MESSAGES.website,
      discord_invite: GUILD_MESSAGES.discordInvite,
      contact_email: GUILD_MESSAGES.contactEmail,
    });
  });
});

describe('isDiscordInviteUrl', () => {
  it.each([
    ['https://discord.gg/raidnight', true],
    ['https://discord.com/invite/raidnight', true],
    ['https://www.discordapp.com/invite/abc', true],
    ['https://discord.gg/', false],
    ['https://discord.com/channels/1', false],
    ['ftp://discord.gg/abc', false],
  ])('%s → %s', (url, ok) => expect(isDiscordInviteUrl(url)).toBe(ok));
});

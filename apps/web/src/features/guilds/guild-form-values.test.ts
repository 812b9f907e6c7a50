import { GUILD_MESSAGES, type GuildTenant } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { emptyGuildForm, formFieldErrors, guildToForm, validateGuildForm } from './guild-form-values';

describe('emptyGuildForm', () => {
  it('starts with the entity defaults', () => {
    expect(emptyGuildForm()).toMatchObject({
      region: 'US',
      faction: 'Alliance',
      is_active: true,
      max_members: '1000',
      timezone: 'UTC',
      language: 'en',
      loot_system: 'DKP',
      public_logs: false,
      recruitment_open: false,
    });
  });
});

describe('validateGuildForm', () => {
  it('reports each failing field with the spec message', () => {
    const result = validateGuildForm({
      ...emptyGuildForm(),
      server: 'x',
      max_members: '0',
      website: 'not a url',
      discord_invite: 'https://example.com/x',
      contact_email: 'nobody',
    });
    expect(result).toEqual({
      success: false,
      errors: {
        guild_name: GUILD_MESSAGES.nameRequired,
        server: GUILD_MESSAGES.serverLength,
        max_members: GUILD_MESSAGES.maxMembers,
        website: GUILD_MESSAGES.website,
        discord_invite: GUILD_MESSAGES.discordInvite,
        contact_email: GUILD_MESSAGES.contactEmail,
      },
    });
  });

  it('rejects an empty max members', () => {
    const result = validateGuildForm({ ...emptyGuildForm(), guild_name: 'Nightfall', server: 'Stormrage', max_members: '' });
    expect(result).toEqual({ success: false, errors: { max_members: GUILD_MESSAGES.maxMembers } });
  });

  it('gives the body to send, blanks as null', () => {
    const result = validateGuildForm({ ...emptyGuildForm(), guild_name: ' Nightfall ', server: 'Stormrage', max_members: '250' });
    expect(result.success).toBe(true);
    if (result.success) {
      expect(result.body).toMatchObject({ guild_name: 'Nightfall', max_members: 250, website: null, description: null });
    }
  });
});

describe('guildToForm and formFieldErrors', () => {
  it('fills the form from a guild, nulls as blanks', () => {
    const guild = {
      ...emptyGuildForm(),
      id: 'g1',
      guild_name: 'Nightfall',
      server: 'Stormrage',
      max_members: 40,
      description: null,
      raid_schedule: 'Wed 20:00',
      website: null,
      discord_invite: null,
      contact_email: 'gm@example.com',
      created_at: '',
      updated_at: '',
      memberCount: 3,
    } satisfies GuildTenant;
    expect(guildToForm(guild)).toMatchObject({ max_members: '40', description: '', raid_schedule: 'Wed 20:00' });
  });

  it('keeps only the form fields of a server answer', () => {
    expect(formFieldErrors({ guild_name: 'taken', other: 'x' })).toEqual({ guild_name: 'taken' });
  });
});

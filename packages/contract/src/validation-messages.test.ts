import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GUILD_MESSAGES, guildInput, guildListQuery } from './api/guilds';
import { PLAYER_ACCOUNT_MESSAGES, playerAccountInput } from './api/player-accounts';
import { fieldLabel, formIssue, readableIssue, whenMissing } from './validation-messages';

/** The messages of a parse with the readable error map, by field. */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input, { error: readableIssue });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.') || '(root)', issue.message]));
}

describe('readableIssue', () => {
  it('names the field and says the limit of a number', () => {
    expect(messages(guildListQuery, { limit: '1000' })).toEqual({ limit: 'limit must be at most 100' });
    expect(messages(guildListQuery, { page: '0' })).toEqual({ page: 'page must be at least 1' });
    expect(messages(z.object({ n: z.number().lt(5).gt(1) }), { n: 9 })).toEqual({ n: 'n must be less than 5' });
    expect(messages(z.object({ n: z.number().max(10_000) }), { n: 20_000 })).toEqual({ n: 'n must be at most 10,000' });
  });

  it('says what kind of value a field takes', () => {
    expect(messages(guildListQuery, { page: '1.5', limit: 'ten' })).toEqual({
      page: 'page must be a whole number',
      limit: 'limit must be a number',
    });
    expect(messages(z.object({ flag: z.boolean(), name: z.string() }), { flag: 'x' })).toEqual({
      flag: 'flag must be true or false',
      name: 'name is required',
    });
  });

  it('lists the choices of an enum, and of a union of enums and literals', () => {
    expect(messages(guildListQuery, { status: 'gone', region: 'XX' })).toEqual({
      status: 'status must be one of: all, active, inactive',
      region: 'region must be one of: US, EU, KR, CN, all',
    });
  });

  it('counts characters of a text and items of a list', () => {
    expect(messages(guildListQuery, { search: 'x'.repeat(101) })).toEqual({ search: 'search must be at most 100 characters' });
    const list = z.object({ ids: z.array(z.string().uuid()).min(2).max(3) });
    expect(messages(list, { ids: [] })).toEqual({ ids: 'ids must have at least 2 items' });
    expect(messages(list, { ids: ['a', 'b'] })).toEqual({
      'ids.0': 'ids.0 must be a valid id',
      'ids.1': 'ids.1 must be a valid id',
    });
    expect(messages(z.object({ q: z.string().min(1) }), { q: '' })).toEqual({ q: 'q must not be empty' });
  });

  it('names unknown fields of a strict object', () => {
    expect(messages(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toEqual({ '(root)': 'Unknown fields: b, c' });
  });

  it('leaves a message written in the schema alone (the form messages of spec 1 §5)', () => {
    expect(messages(guildInput, { guild_name: 'x', server: 'Area 52', region: 'US', faction: 'Horde' })).toMatchObject({
      guild_name: GUILD_MESSAGES.nameLength,
    });
  });
});

describe('fieldLabel', () => {
  it('reads a key as words in sentence case', () => {
    expect(fieldLabel('displayName')).toBe('Display name');
    expect(fieldLabel('display_name')).toBe('Display name');
    expect(fieldLabel('battlenetId')).toBe('Battle.net ID');
    expect(fieldLabel('discordId')).toBe('Discord ID');
    expect(fieldLabel('email')).toBe('E-mail');
    expect(fieldLabel('webhookUrl')).toBe('Webhook URL');
  });
});

describe('formIssue', () => {
  const form = (schema: z.ZodType, input: unknown) => {
    const result = schema.safeParse(input, { error: formIssue });
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it("names the field by its label, never with zod's machine text", () => {
    const filled = {
      displayName: 'Ada',
      email: `${'a'.repeat(250)}@x.io`,
      discordId: '1'.repeat(20),
      battlenetId: 'b'.repeat(65),
    };
    expect(form(playerAccountInput, filled)).toEqual({
      email: 'E-mail must be at most 254 characters',
      discordId: 'Discord ID must be at most 19 characters',
      battlenetId: 'Battle.net ID must be at most 64 characters',
    });
    expect(
      form(z.object({ settings: z.object({ notes: z.string().max(2000) }) }), { settings: { notes: 'x'.repeat(2001) } }),
    ).toEqual({
      'settings.notes': 'Notes must be at most 2,000 characters',
    });
  });
});

describe('whenMissing', () => {
  it('says a value is missing only when it is, and lets a length check say the length', () => {
    const name = z.object({ name: z.string(whenMissing('Name is required')).trim().min(1, 'Name is required').max(5) });
    expect(messages(name, {})).toEqual({ name: 'Name is required' });
    expect(messages(name, { name: 7 })).toEqual({ name: 'Name is required' });
    expect(messages(name, { name: 'Ada Lovelace' })).toEqual({ name: 'name must be at most 5 characters' });
  });

  it('a filled but over-long display name is told its length, not that it is required', () => {
    const result = playerAccountInput.safeParse({ displayName: 'A'.repeat(101) }, { error: formIssue });
    expect(result.success).toBe(false);
    const message = result.error?.issues.find((issue) => issue.path[0] === 'displayName')?.message;
    expect(message).toBe('Display name must be at most 100 characters');
    expect(message).not.toBe(PLAYER_ACCOUNT_MESSAGES.displayNameRequired);
  });
});

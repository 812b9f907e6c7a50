import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GUILD_MESSAGES, guildInput, guildListQuery } from './api/guilds';
import { readableIssue } from './validation-messages';

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

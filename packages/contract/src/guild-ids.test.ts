import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DISCORD_GUILD_ID_PATTERN, discordGuildId, GUILD_ID_MESSAGES, tenantId } from './guild-ids';
import * as contract from './index';

type Def = {
  type: string;
  format?: string;
  checks?: z.core.$ZodCheck[];
  shape?: Record<string, z.core.$ZodType>;
  innerType?: z.core.$ZodType;
  element?: z.core.$ZodType;
  in?: z.core.$ZodType;
  out?: z.core.$ZodType;
  options?: z.core.$ZodType[];
};
const defOf = (schema: z.core.$ZodType) => schema._zod.def as Def;
const isSchema = (value: unknown): value is z.core.$ZodType => typeof value === 'object' && value !== null && '_zod' in value;

/** Which of the two guild ids a schema holds once wrappers, pipes and arrays are looked through. */
function guildIdKind(schema: z.core.$ZodType): 'tenant' | 'discord' | 'bare' {
  const def = defOf(schema);
  if (def.innerType) return guildIdKind(def.innerType);
  // A pipe's output names the id, unless it is a transform of an id checked on the way in.
  if (def.type === 'pipe' && def.in && def.out) return guildIdKind(defOf(def.out).type === 'transform' ? def.in : def.out);
  if (def.type === 'array' && def.element) return guildIdKind(def.element);
  if (def.type === 'union' && def.options) {
    const kinds = new Set(def.options.map(guildIdKind));
    return kinds.size === 1 ? [...kinds][0]! : 'bare';
  }
  if (def.type !== 'string') return 'bare';
  const checks = (def.checks ?? []).map((check) => check._zod.def as { format?: string; pattern?: RegExp });
  if (def.format === 'uuid' || checks.some((check) => check.format === 'uuid')) return 'tenant';
  return checks.some((check) => check.pattern?.source === DISCORD_GUILD_ID_PATTERN.source) ? 'discord' : 'bare';
}

const NAMES_A_GUILD = /guildids?$|guild_id$/i;

/** Every object field of every exported schema (endpoints' params, query, body and response included). */
function guildIdFields(): { where: string; schema: z.core.$ZodType }[] {
  const found: { where: string; schema: z.core.$ZodType }[] = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown, where: string) => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (!isSchema(value)) {
      for (const [key, inner] of Object.entries(value)) walk(inner, `${where}.${key}`);
      return;
    }
    const def = defOf(value);
    for (const [key, field] of Object.entries(def.shape ?? {})) {
      if (NAMES_A_GUILD.test(key)) found.push({ where: `${where}.${key}`, schema: field });
      walk(field, `${where}.${key}`);
    }
    for (const inner of [def.innerType, def.element, def.in, def.out, ...(def.options ?? [])]) walk(inner, where);
  };
  for (const [name, value] of Object.entries(contract)) walk(value, name);
  return found;
}

describe('guild ids in the contract', () => {
  it('types every field named like guildId as a tenant uuid or a Discord server id, never a bare string', () => {
    const fields = guildIdFields();
    expect(fields.length).toBeGreaterThan(30);
    const bare = fields.filter((field) => guildIdKind(field.schema) === 'bare').map((field) => field.where);
    expect(bare).toEqual([]);
  });

  it('refuses an id of the other kind with a message naming the one expected', () => {
    const snowflake = '470000000000000001';
    const uuid = '7c3f6f0e-8a51-4a4e-9d3b-2f1e0c9b8a77';
    expect(tenantId.safeParse(uuid).success).toBe(true);
    expect(discordGuildId.safeParse(snowflake).success).toBe(true);
    expect(tenantId.safeParse(snowflake).error?.issues[0]?.message).toBe(GUILD_ID_MESSAGES.tenantId);
    expect(discordGuildId.safeParse(uuid).error?.issues[0]?.message).toBe(GUILD_ID_MESSAGES.discordGuildId);
    expect(discordGuildId.safeParse('1234').success).toBe(false);
  });
});

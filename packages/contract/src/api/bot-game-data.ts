import { z } from 'zod';
import { CHARACTER_ROLES } from '../characters';
import { discordGuildIdWith } from '../guild-ids';

/**
 * The game data the bot reports through its ingestion API (issue 30): the loot RCLootCouncil awards it sees in a raid,
 * and characters its members show it. Each item is checked on its own; the batch is idempotent on the source's own ids.
 */

const clientId = z.string().trim().min(1).max(100);
const botDiscordGuildId = discordGuildIdWith('Use a Discord id of 17 to 20 digits');
const when = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * One award as RCLootCouncil records it (the fields of its loot-history export): the same award from the bot and from
 * an uploaded export is one award (player, time and item string are its key).
 */
export const botLootInput = z.object({
  id: clientId,
  discordGuildId: botDiscordGuildId,
  /** 'Name-Realm' as RCLootCouncil writes it (the guild's realm when only the name is given). */
  player: text(100),
  /** The player's class, in English ('Death Knight' or 'DEATHKNIGHT'). */
  class: text(30),
  itemId: z.number().int().min(1).max(10_000_000),
  itemName: text(200),
  /** RCLootCouncil's item string ('item:242395::::::::80:…'). */
  itemString: text(500),
  awardedAt: when,
  response: text(100).optional(),
  votes: z.number().int().min(0).max(100).optional(),
  instance: text(100).optional(),
  difficulty: text(50).optional(),
  boss: text(100).optional(),
  note: z.string().trim().max(500).optional(),
  owner: text(100).optional(),
});
/** An award as the bot sends it. */
export type BotLootInput = z.infer<typeof botLootInput>;

/** How the bot came to know a character: what RCLootCouncil or a combat log named, or what a member told it. */
export const BOT_CHARACTER_SOURCES = ['loot_import', 'combat_log', 'manual'] as const;

/** A character the bot saw, merged with the guild's as every source's are (Battle.net id, else name and realm). */
export const botCharacterInput = z.object({
  id: clientId,
  discordGuildId: botDiscordGuildId,
  name: text(24),
  realm: text(64),
  class: text(30),
  spec: text(40).optional(),
  role: z.enum(CHARACTER_ROLES).optional(),
  level: z.number().int().min(1).max(90).optional(),
  itemLevel: z.number().min(0).max(1000).optional(),
  sourceType: z.enum(BOT_CHARACTER_SOURCES).default('manual'),
  seenAt: when,
});
/** A character as the bot sends it. */
export type BotCharacterInput = z.infer<typeof botCharacterInput>;

/** Why the bot's item was refused beyond its fields. */
export const BOT_GAME_DATA_MESSAGES = {
  unknownClass: 'Not a class of the game',
  noGuild: 'This Discord server has no Guildhall guild',
  /** The run's subject on the Sources tab. */
  subject: 'Discord bot',
} as const;

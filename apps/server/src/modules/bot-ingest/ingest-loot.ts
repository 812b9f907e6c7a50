import { randomUUID } from 'node:crypto';
import { BOT_GAME_DATA_MESSAGES, type BotLootInput, botLootInput, type IngestResult, wowClassOf } from '@guildhall/contract';
import type { Requester } from '../../core/audit';
import type { Db } from '../../services/db/db';
import { applyStagedLoot } from '../data-sources/import-loot';
import { countNewStagedLoot } from '../data-sources/loot-import-queries';
import { type RclcLootRow, rclcAwardKey } from '../data-sources/parse-rclc-export';
import { dropStagedExport, stageExport } from '../data-sources/stage-loot-export';
import { byTenant, checkGameItem, tenantsOf } from './bot-guilds';
import { parseBatch } from './parse-batch';

/** loot_entries.source of RCLootCouncil's awards, whether an export or the bot brought them. */
const LOOT_SOURCE = 'rclootcouncil';

/** The bot's awards as the staged lines of an export. */
async function* asExportLines(awards: readonly BotLootInput[]): AsyncGenerator<RclcLootRow> {
  for (const [index, award] of awards.entries()) {
    const awardedAt = new Date(award.awardedAt);
    yield {
      line: index + 1,
      player: award.player,
      className: wowClassOf(award.class)!,
      itemId: award.itemId,
      itemName: award.itemName,
      itemString: award.itemString,
      response: award.response ?? null,
      votes: award.votes ?? null,
      instance: award.instance ?? null,
      difficulty: award.difficulty ?? null,
      boss: award.boss ?? null,
      note: award.note || null,
      owner: award.owner ?? null,
      awardedAt,
      key: rclcAwardKey(award.player, awardedAt, award.itemString),
    };
  }
}

/** One guild's awards through the loot import's own pipeline; how many the guild did not hold yet. */
async function importAwards(db: Db, guildId: string, awards: readonly BotLootInput[], requester: Requester): Promise<number> {
  const importId = randomUUID();
  try {
    await stageExport(db, importId, asExportLines(awards));
    if ((await countNewStagedLoot(db, importId, guildId, LOOT_SOURCE)) === 0) return 0;
    const { counts } = await applyStagedLoot(db, guildId, importId, BOT_GAME_DATA_MESSAGES.subject, requester);
    return counts.loot ?? 0;
  } finally {
    await dropStagedExport(db, importId);
  }
}

/**
 * Stores the RCLootCouncil awards the bot reports, as an uploaded export of them would (characters created or found,
 * the awards keyed by player, time and item string, a run on the Sources tab and its audit): an award sent twice, or
 * also in an export, is stored once. Each invalid item is reported by its index, and the others still go in.
 */
export async function ingestLoot(db: Db, items: readonly unknown[], requester: Requester): Promise<IngestResult> {
  const tenants = await tenantsOf(db, items);
  const { valid, rejected } = parseBatch(botLootInput, items, (award) => checkGameItem(award, tenants));
  let accepted = 0;
  for (const [guildId, awards] of byTenant(valid, tenants)) accepted += await importAwards(db, guildId, awards, requester);
  return { success: true, accepted, duplicates: valid.length - accepted, rejected };
}

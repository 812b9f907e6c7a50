import {
  BOT_GAME_DATA_MESSAGES,
  type BotCharacterInput,
  botCharacterInput,
  type IngestResult,
  wowClassOf,
} from '@guildhall/contract';
import type { Requester } from '../../core/audit';
import type { Db } from '../../services/db/db';
import type { Observation } from '../data-sources/plan-characters';
import { lockGuild } from '../data-sources/queries';
import { recordSucceededRun } from '../data-sources/record-run';
import { saveRosterLike } from '../data-sources/source-sync-job';
import { byTenant, checkGameItem, tenantsOf } from './bot-guilds';
import { parseBatch } from './parse-batch';

const observationOf = (character: BotCharacterInput): Observation => ({
  name: character.name,
  realm: character.realm,
  className: wowClassOf(character.class)!,
  fields: {
    spec: character.spec,
    role: character.role,
    level: character.level,
    item_level: character.itemLevel,
  },
});

/**
 * One guild's characters of one source type, merged as a sync's are (one character per Battle.net id, else name and
 * realm; a conflict shown, not overwritten) in one transaction; a run on the Sources tab and its audit when anything
 * changed. How many characters were new or changed.
 */
async function mergeCharacters(
  db: Db,
  guildId: string,
  source: BotCharacterInput['sourceType'],
  characters: readonly BotCharacterInput[],
  requester: Requester,
): Promise<number> {
  const startedAt = new Date();
  const seenAt = new Date(Math.max(...characters.map((character) => Date.parse(character.seenAt))));
  return db.transaction(async (tx) => {
    await lockGuild(tx, guildId);
    const { conflicts, ...counts } = await saveRosterLike(tx, guildId, source, characters.map(observationOf), 0, seenAt);
    const written = counts.new + counts.changed;
    if (written === 0) return 0;
    await recordSucceededRun(tx, {
      guildId,
      source,
      counts,
      subject: BOT_GAME_DATA_MESSAGES.subject,
      requester,
      startedAt,
      action: 'guild.source_synced',
      details: { source, subject: BOT_GAME_DATA_MESSAGES.subject, ...counts, conflicts: conflicts.length },
    });
    return written;
  });
}

/**
 * Merges the characters the bot reports into their guilds' (each item's server names the guild): accepted are those
 * new or changed, duplicates those the guild already had as sent. Each invalid item is reported by its index.
 */
export async function ingestCharacters(db: Db, items: readonly unknown[], requester: Requester): Promise<IngestResult> {
  const tenants = await tenantsOf(db, items);
  const { valid, rejected } = parseBatch(botCharacterInput, items, (character) => checkGameItem(character, tenants));
  let accepted = 0;
  for (const [guildId, characters] of byTenant(valid, tenants)) {
    const bySource = new Map<BotCharacterInput['sourceType'], BotCharacterInput[]>();
    for (const character of characters) {
      bySource.set(character.sourceType, [...(bySource.get(character.sourceType) ?? []), character]);
    }
    for (const [source, group] of bySource) accepted += await mergeCharacters(db, guildId, source, group, requester);
  }
  return { success: true, accepted, duplicates: valid.length - accepted, rejected };
}

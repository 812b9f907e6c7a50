import {
  DATA_SOURCE_LIMITS,
  DATA_SOURCE_MESSAGES,
  type DataSourceCounts,
  type LootImportPreview,
  lootImported,
  rejectedLine,
  splitPlayerName,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { type Requester, recordAudit } from '../../core/audit';
import type { Db, Queryable } from '../../services/db/db';
import { guildOr404 } from './find-guild';
import { ExportRefused, type ParsedExport, parseRclcExport, type RclcLootRow } from './parse-rclc-export';
import {
  CharacterIndex,
  type KnownCharacter,
  type Observation,
  type PlannedCharacter,
  planCharacter,
  unsavedCharacter,
} from './plan-characters';
import { presentRun } from './presenters';
import {
  addSourceSightings,
  insertCharacters,
  insertLoot,
  insertRun,
  type LockedGuild,
  lockGuild,
  recordActivity,
  selectKnownCharacters,
  selectKnownLootKeys,
} from './queries';

/** loot_entries.source of an RCLootCouncil import. */
const LOOT_SOURCE = 'rclootcouncil';

/** An uploaded export. */
export interface LootUpload {
  fileName: string;
  content: string;
}

/** The export parsed, or refused with the reason in words (400). */
function parseUpload(upload: LootUpload): ParsedExport {
  if (Buffer.byteLength(upload.content, 'utf8') > DATA_SOURCE_LIMITS.importMaxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', DATA_SOURCE_MESSAGES.fileTooLarge);
  }
  try {
    return parseRclcExport(upload.content);
  } catch (error) {
    if (error instanceof ExportRefused) throw AppError.invalidField('content', error.message);
    throw error;
  }
}

/** What the import would do, worked out against the guild's characters and loot as they are. */
interface LootPlan {
  parsed: ParsedExport;
  characters: PlannedCharacter[];
  /** The character plan of each row, by player as written. */
  byPlayer: Map<string, PlannedCharacter>;
  /** Rows whose award the guild does not hold yet, first occurrence of each. */
  newRows: RclcLootRow[];
  /** Line → status of every checked row. */
  status: Map<number, 'new' | 'unchanged'>;
}

async function planImport(db: Queryable, guild: LockedGuild, parsed: ParsedExport): Promise<LootPlan> {
  const index = new CharacterIndex(await selectKnownCharacters(db, guild.id));
  const byPlayer = new Map<string, PlannedCharacter>();
  // Two spellings of one new character in one file ('Name-ArgentDawn', 'Name-Argent Dawn') are one new character:
  // each new one joins the index under a provisional id, and a later spelling that finds it shares its plan.
  const provisional = new Map<string, PlannedCharacter>();
  for (const row of parsed.rows) {
    if (byPlayer.has(row.player)) continue;
    const { name, realm } = splitPlayerName(row.player, guild.server);
    const observation: Observation = { name, realm, className: row.className, fields: {} };
    const found = index.find(observation);
    const shared = found ? provisional.get(found.id) : undefined;
    if (shared) {
      byPlayer.set(row.player, shared);
      continue;
    }
    const plan = planCharacter(index, observation, 'loot_import');
    byPlayer.set(row.player, plan);
    if (plan.status === 'new') {
      const id = `new:${provisional.size}`;
      provisional.set(id, plan);
      index.add(unsavedCharacter(id, observation));
    }
  }
  const characters = [...new Set(byPlayer.values())];
  const known = await selectKnownLootKeys(
    db,
    guild.id,
    LOOT_SOURCE,
    parsed.rows.map((row) => row.key),
  );
  const status = new Map<number, 'new' | 'unchanged'>();
  const newRows: RclcLootRow[] = [];
  const inFile = new Set<string>();
  for (const row of parsed.rows) {
    const isNew = !known.has(row.key) && !inFile.has(row.key);
    inFile.add(row.key);
    status.set(row.line, isNew ? 'new' : 'unchanged');
    if (isNew) newRows.push(row);
  }
  return { parsed, characters, byPlayer, newRows, status };
}

const characterCounts = (plan: LootPlan): DataSourceCounts => ({
  new: plan.characters.filter((c) => c.status === 'new').length,
  changed: plan.characters.filter((c) => c.status === 'changed').length,
  unchanged: plan.characters.filter((c) => c.status === 'unchanged').length,
  rejected: 0,
});

const lootCounts = (plan: LootPlan): DataSourceCounts => ({
  new: plan.newRows.length,
  changed: 0,
  unchanged: plan.parsed.rows.length - plan.newRows.length,
  rejected: plan.parsed.rejected.length,
});

/** What an RCLootCouncil export would add and change; writes nothing. */
export async function previewLootImport(db: Db, guildId: string, upload: LootUpload): Promise<LootImportPreview> {
  const guild = await guildOr404(db, guildId);
  const plan = await planImport(db, guild, parseUpload(upload));
  const { parsed } = plan;
  const checked = [
    ...parsed.rows.map((row) => ({
      line: row.line,
      player: row.player,
      item: row.itemName,
      boss: row.boss,
      response: row.response,
      awardedAt: row.awardedAt.toISOString(),
      status: plan.status.get(row.line)!,
      reason: null,
    })),
    ...parsed.rejected.map((row) => ({
      line: row.line,
      player: row.player,
      item: row.item,
      boss: null,
      response: null,
      awardedAt: null,
      status: 'rejected' as const,
      reason: row.reason,
    })),
  ].sort((a, b) => a.line - b.line);
  return {
    success: true,
    format: parsed.format,
    rows: parsed.rows.length + parsed.rejected.length,
    loot: lootCounts(plan),
    characters: characterCounts(plan),
    items: checked.slice(0, DATA_SOURCE_LIMITS.previewItems),
    rejected: parsed.rejected.slice(0, DATA_SOURCE_LIMITS.previewRejected).map((row) => ({
      line: row.line,
      reason: row.reason,
      message: rejectedLine(row.line, row.reason),
    })),
    characterChanges: plan.characters
      .filter((character) => character.status !== 'unchanged')
      .map((character) => ({
        name: character.existing?.name ?? character.observation.name,
        realm: character.existing?.realm ?? character.observation.realm,
        class: character.existing?.class ?? character.observation.className,
        status: character.status,
        changes: character.changeText,
      })),
    conflicts: plan.characters
      .filter((character) => character.conflict !== null)
      .map((character) => ({
        character: `${character.existing!.name}-${character.existing!.realm}`,
        message: character.conflict!,
      })),
  };
}

/**
 * Imports an export in one transaction: characters created (source loot_import), the awards the guild does not hold
 * yet written, each character's source count and last activity moved on, the run recorded and audited. A file with
 * a rejected line imports nothing (400 naming the lines); the same file again adds nothing.
 */
export async function applyLootImport(db: Db, guildId: string, upload: LootUpload, requester: Requester) {
  await guildOr404(db, guildId);
  const parsed = parseUpload(upload);
  if (parsed.rejected.length > 0) {
    const fields = Object.fromEntries(
      parsed.rejected.slice(0, DATA_SOURCE_LIMITS.previewRejected).map((row) => [`line ${row.line}`, row.reason]),
    );
    throw new AppError('VALIDATION_FAILED', DATA_SOURCE_MESSAGES.importRefused, { fields });
  }
  if (parsed.rows.length === 0) throw AppError.invalidField('content', DATA_SOURCE_MESSAGES.nothingToImport);
  const startedAt = new Date();
  return db.transaction(async (tx) => {
    const guild = (await lockGuild(tx, guildId))!;
    const plan = await planImport(tx, guild, parsed);
    const created = await insertCharacters(
      tx,
      guild.id,
      plan.characters
        .filter((character) => character.status === 'new')
        .map((character) => ({
          name: character.observation.name,
          realm: character.observation.realm,
          class: character.observation.className,
        })),
    );
    const createdIndex = new CharacterIndex(created);
    const characterOf = (player: string): KnownCharacter => {
      const planned = plan.byPlayer.get(player)!;
      return planned.existing ?? createdIndex.find(planned.observation)!;
    };
    const written = await insertLoot(
      tx,
      guild.id,
      LOOT_SOURCE,
      plan.newRows.map((row) => {
        const character = characterOf(row.player);
        return {
          character_id: character.id,
          character_name: character.name,
          item_id: row.itemId,
          item_name: row.itemName,
          item_string: row.itemString,
          boss: row.boss,
          instance: row.instance,
          difficulty: row.difficulty,
          response: row.response,
          votes: row.votes,
          note: row.note,
          owner: row.owner,
          awarded_at: row.awardedAt.toISOString(),
          source_key: row.key,
        };
      }),
    );
    const activity = new Map<string, { id: string; at: Date; count: number }>();
    for (const entry of written) {
      const at = new Date(entry.awarded_at);
      const seen = activity.get(entry.character_id) ?? { id: entry.character_id, at, count: 0 };
      activity.set(entry.character_id, { id: seen.id, at: at > seen.at ? at : seen.at, count: seen.count + 1 });
    }
    await recordActivity(tx, [...activity.values()]);
    await addSourceSightings(
      tx,
      'loot_import',
      [...activity.values()].map((a) => ({ character_id: a.id, count: a.count, seen_at: a.at })),
    );
    const characters = characterCounts(plan);
    const counts: DataSourceCounts = { ...characters, rejected: 0, loot: written.length };
    const run = await recordLootRun(tx, guild.id, upload.fileName, counts, requester, startedAt);
    return { run: presentRun(run), message: lootImported(written.length, characters.new, characters.changed) };
  });
}

async function recordLootRun(
  tx: Queryable,
  guildId: string,
  fileName: string,
  counts: DataSourceCounts,
  requester: Requester,
  startedAt: Date,
) {
  const run = await insertRun(tx, {
    guildId,
    source: 'loot_import',
    status: 'succeeded',
    counts,
    subject: fileName,
    actor: requester.actor,
    startedAt,
  });
  await recordAudit(tx, {
    actor: requester.actor,
    action: 'guild.loot_imported',
    target: { type: 'guild', id: guildId },
    details: { runId: run.id, fileName, ...counts },
    ip: requester.ip,
  });
  return run;
}

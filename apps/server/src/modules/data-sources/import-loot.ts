import { randomUUID } from 'node:crypto';
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
import type { Requester } from '../../core/audit';
import type { Db, Queryable } from '../../services/db/db';
import { guildOr404 } from './find-guild';
import {
  countNewStagedLoot,
  insertStagedLoot,
  selectStagedItems,
  selectStagedPlayers,
  selectStagedRejected,
} from './loot-import-queries';
import { ExportRefused, type OpenedExport, openRclcExport } from './parse-rclc-export';
import { CharacterIndex, type Observation, type PlannedCharacter, planCharacter, unsavedCharacter } from './plan-characters';
import { presentRun } from './presenters';
import {
  addSourceSightings,
  insertCharacters,
  type LockedGuild,
  lockGuild,
  recordActivity,
  selectKnownCharacters,
} from './queries';
import { recordSucceededRun } from './record-run';
import { dropStagedExport, type StagedExport, stageExport } from './stage-loot-export';

/** loot_entries.source of an RCLootCouncil import. */
const LOOT_SOURCE = 'rclootcouncil';

/** An uploaded export: its name and its bytes as they arrive (a request's body stream, or a JSON body's text). */
export interface LootUpload {
  fileName: string;
  chunks: AsyncIterable<string | Buffer> | Iterable<string | Buffer>;
}

/** The upload's chunks, refused (413) once they pass the import's size limit. */
async function* withinLimit(chunks: LootUpload['chunks']): AsyncGenerator<string | Buffer> {
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk, 'utf8') : chunk.length;
    if (bytes > DATA_SOURCE_LIMITS.importMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', DATA_SOURCE_MESSAGES.fileTooLarge);
    yield chunk;
  }
}

/**
 * Streams the upload into the staging table and runs `use` over it; the staged rows are dropped after, whatever
 * happens. A file that is not an export is refused (400) before anything is staged.
 */
async function withStagedUpload<T>(db: Db, upload: LootUpload, use: (staged: OpenedStage) => Promise<T>): Promise<T> {
  let opened: OpenedExport;
  try {
    opened = await openRclcExport(withinLimit(upload.chunks));
  } catch (error) {
    if (error instanceof ExportRefused) throw AppError.invalidField('content', error.message);
    throw error;
  }
  const importId = randomUUID();
  try {
    const staged = await stageExport(db, importId, opened.lines);
    return await use({ ...staged, format: opened.format });
  } finally {
    await dropStagedExport(db, importId);
  }
}

interface OpenedStage extends StagedExport {
  format: OpenedExport['format'];
}

/** What the import would do to the guild's characters: the merge of each player the export names. */
interface CharacterPlan {
  characters: PlannedCharacter[];
  /** The character plan of each player, as written in the export. */
  byPlayer: Map<string, PlannedCharacter>;
}

async function planCharacters(db: Queryable, guild: LockedGuild, importId: string): Promise<CharacterPlan> {
  const index = new CharacterIndex(await selectKnownCharacters(db, guild.id));
  const byPlayer = new Map<string, PlannedCharacter>();
  // Two spellings of one new character in one file ('Name-ArgentDawn', 'Name-Argent Dawn') are one new character:
  // each new one joins the index under a provisional id, and a later spelling that finds it shares its plan.
  const provisional = new Map<string, PlannedCharacter>();
  for (const { player, class: className } of await selectStagedPlayers(db, importId)) {
    const { name, realm } = splitPlayerName(player, guild.server);
    const observation: Observation = { name, realm, className, fields: {} };
    const found = index.find(observation);
    const shared = found ? provisional.get(found.id) : undefined;
    if (shared) {
      byPlayer.set(player, shared);
      continue;
    }
    const plan = planCharacter(index, observation, 'loot_import');
    byPlayer.set(player, plan);
    if (plan.status === 'new') {
      const id = `new:${provisional.size}`;
      provisional.set(id, plan);
      index.add(unsavedCharacter(id, observation));
    }
  }
  return { characters: [...new Set(byPlayer.values())], byPlayer };
}

const characterCounts = (plan: CharacterPlan): DataSourceCounts => ({
  new: plan.characters.filter((c) => c.status === 'new').length,
  changed: plan.characters.filter((c) => c.status === 'changed').length,
  unchanged: plan.characters.filter((c) => c.status === 'unchanged').length,
  rejected: 0,
});

/** What an RCLootCouncil export would add and change; writes nothing the request outlives. */
export async function previewLootImport(db: Db, guildId: string, upload: LootUpload): Promise<LootImportPreview> {
  const guild = await guildOr404(db, guildId);
  return withStagedUpload(db, upload, async (staged) => {
    const { importId } = staged;
    const [plan, newLoot, items, rejected] = await Promise.all([
      planCharacters(db, guild, importId),
      countNewStagedLoot(db, importId, guild.id, LOOT_SOURCE),
      selectStagedItems(db, importId, guild.id, LOOT_SOURCE, DATA_SOURCE_LIMITS.previewItems),
      selectStagedRejected(db, importId, DATA_SOURCE_LIMITS.previewRejected),
    ]);
    const taken = staged.rows - staged.rejected;
    return {
      success: true,
      format: staged.format,
      rows: staged.rows,
      loot: { new: newLoot, changed: 0, unchanged: taken - newLoot, rejected: staged.rejected },
      characters: characterCounts(plan),
      items: items.map((item) => ({ ...item, awardedAt: item.awarded_at?.toISOString() ?? null })),
      rejected: rejected.map((row) => ({ line: row.line, reason: row.reason, message: rejectedLine(row.line, row.reason) })),
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
  });
}

/**
 * Imports an export in one transaction (applyStagedLoot). A file with a rejected line imports nothing (400 naming the
 * lines); the same file again adds nothing.
 */
export async function applyLootImport(db: Db, guildId: string, upload: LootUpload, requester: Requester) {
  await guildOr404(db, guildId);
  return withStagedUpload(db, upload, async (staged) => {
    const { importId } = staged;
    if (staged.rejected > 0) {
      const rejected = await selectStagedRejected(db, importId, DATA_SOURCE_LIMITS.previewRejected);
      const fields = Object.fromEntries(rejected.map((row) => [`line ${row.line}`, row.reason]));
      throw new AppError('VALIDATION_FAILED', DATA_SOURCE_MESSAGES.importRefused, { fields });
    }
    if (staged.rows === 0) throw AppError.invalidField('content', DATA_SOURCE_MESSAGES.nothingToImport);
    const { run, counts } = await applyStagedLoot(db, guildId, importId, upload.fileName, requester);
    return { run: presentRun(run), message: lootImported(counts.loot ?? 0, counts.new, counts.changed) };
  });
}

/**
 * Writes staged awards (an uploaded export, or the bot's batch) in one transaction: characters created (source
 * loot_import), the awards the guild does not hold yet written by one INSERT … SELECT from the staged rows, each
 * character's source count and last activity moved on, the run recorded and audited under `subject`. The awards are
 * keyed as RCLootCouncil keys them (player, time, item string), so an award the bot reported and the export that holds
 * it are one award.
 */
export async function applyStagedLoot(db: Db, guildId: string, importId: string, subject: string, requester: Requester) {
  const startedAt = new Date();
  return db.transaction(async (tx) => {
    const guild = (await lockGuild(tx, guildId))!;
    const plan = await planCharacters(tx, guild, importId);
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
    const players = [...plan.byPlayer].map(([player, planned]) => {
      const character = planned.existing ?? createdIndex.find(planned.observation)!;
      return { player, character_id: character.id, character_name: character.name };
    });
    const written = await insertStagedLoot(tx, importId, guild.id, LOOT_SOURCE, players);
    await recordActivity(
      tx,
      written.map((w) => ({ id: w.character_id, at: w.last_at, count: w.count })),
    );
    await addSourceSightings(
      tx,
      'loot_import',
      written.map((w) => ({ character_id: w.character_id, count: w.count, seen_at: w.last_at })),
    );
    const loot = written.reduce((sum, w) => sum + w.count, 0);
    const counts: DataSourceCounts = { ...characterCounts(plan), rejected: 0, loot };
    const run = await recordLootRun(tx, guild.id, subject, counts, requester, startedAt);
    return { run, counts };
  });
}

function recordLootRun(
  tx: Queryable,
  guildId: string,
  fileName: string,
  counts: DataSourceCounts,
  requester: Requester,
  startedAt: Date,
) {
  return recordSucceededRun(tx, {
    guildId,
    source: 'loot_import',
    counts,
    subject: fileName,
    requester,
    startedAt,
    action: 'guild.loot_imported',
    details: { fileName, ...counts },
  });
}

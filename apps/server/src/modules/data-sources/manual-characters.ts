import { DATA_SOURCE_MESSAGES, guildNotFound, type manualCharacterBody, type SourcedCharacter } from '@guildhall/contract';
import type { z } from 'zod';
import { AppError } from '../../core/app-error';
import { type Requester, recordAudit } from '../../core/audit';
import type { Db, Queryable } from '../../services/db/db';
import { CharacterIndex } from './plan-characters';
import { presentCharacter } from './presenters';
import {
  addSourceSightings,
  insertCharacters,
  insertRun,
  lockGuild,
  renameCharacter,
  retireCharacter,
  selectKnownCharacters,
  selectSourcedCharacter,
  updateCharacters,
} from './queries';

/** A character as an officer types it. */
export type ManualCharacter = z.infer<typeof manualCharacterBody>;

async function lockedGuildOr404(tx: Queryable, guildId: string) {
  const guild = await lockGuild(tx, guildId);
  if (!guild) throw AppError.notFound(guildNotFound(guildId));
  return guild;
}

const characterExists = () =>
  new AppError('CONFLICT', DATA_SOURCE_MESSAGES.characterExists, { fields: { name: DATA_SOURCE_MESSAGES.characterExists } });

async function characterOr404(tx: Queryable, guildId: string, characterId: string) {
  const row = await selectSourcedCharacter(tx, guildId, characterId);
  if (!row) throw AppError.notFound(DATA_SOURCE_MESSAGES.characterNotFound);
  return row;
}

/** The change as the manual source records it: one entry per character, counted once. */
async function recordManual(tx: Queryable, guildId: string, characterId: string, isNew: boolean, requester: Requester, at: Date) {
  await addSourceSightings(tx, 'manual', [{ character_id: characterId, count: 1, seen_at: at }], true);
  await insertRun(tx, {
    guildId,
    source: 'manual',
    status: 'succeeded',
    counts: { new: isNew ? 1 : 0, changed: isNew ? 0 : 1, unchanged: 0, rejected: 0 },
    subject: null,
    actor: requester.actor,
    startedAt: at,
  });
}

/** Adds a character by hand (source manual); 409 when the guild has one of that name on that realm. */
export async function addCharacter(
  db: Db,
  guildId: string,
  input: ManualCharacter,
  requester: Requester,
): Promise<SourcedCharacter> {
  return db.transaction(async (tx) => {
    await lockedGuildOr404(tx, guildId);
    const index = new CharacterIndex(await selectKnownCharacters(tx, guildId));
    if (index.find(input)) throw characterExists();
    const at = new Date();
    const [created] = await insertCharacters(tx, guildId, [
      {
        name: input.name,
        realm: input.realm,
        class: input.class,
        spec: input.spec ?? null,
        role: input.role ?? null,
        level: input.level,
        item_level: input.itemLevel ?? null,
      },
    ]);
    await recordManual(tx, guildId, created!.id, true, requester, at);
    await recordAudit(tx, {
      actor: requester.actor,
      action: 'character.added',
      target: { type: 'character', id: created!.id },
      details: { guildId, name: input.name, realm: input.realm, class: input.class },
      ip: requester.ip,
    });
    return presentCharacter((await selectSourcedCharacter(tx, guildId, created!.id))!);
  });
}

/** Changes a character by hand; what an officer sets is what the character is (a class conflict is settled here). */
export async function editCharacter(
  db: Db,
  guildId: string,
  characterId: string,
  patch: Partial<ManualCharacter>,
  requester: Requester,
): Promise<SourcedCharacter> {
  return db.transaction(async (tx) => {
    await lockedGuildOr404(tx, guildId);
    const before = await characterOr404(tx, guildId, characterId);
    const named = { name: patch.name ?? before.name, realm: patch.realm ?? before.realm, class: patch.class ?? before.class };
    if (patch.name !== undefined || patch.realm !== undefined) {
      const others = (await selectKnownCharacters(tx, guildId)).filter((character) => character.id !== characterId);
      if (new CharacterIndex(others).find(named)) throw characterExists();
    }
    const at = new Date();
    await renameCharacter(tx, characterId, named, at);
    const changes = Object.fromEntries(
      Object.entries({ spec: patch.spec, role: patch.role, level: patch.level, item_level: patch.itemLevel }).filter(
        ([, value]) => value !== undefined,
      ),
    );
    await updateCharacters(tx, [{ id: characterId, changes }], at);
    await recordManual(tx, guildId, characterId, false, requester, at);
    await recordAudit(tx, {
      actor: requester.actor,
      action: 'character.edited',
      target: { type: 'character', id: characterId },
      details: { guildId, changes: patch, before: { name: before.name, realm: before.realm, class: before.class } },
      ip: requester.ip,
    });
    return presentCharacter((await selectSourcedCharacter(tx, guildId, characterId))!);
  });
}

/** Retires a character: kept with its loot and links, marked as no longer played. Retiring it again changes nothing. */
export async function retireCharacterByHand(
  db: Db,
  guildId: string,
  characterId: string,
  requester: Requester,
): Promise<SourcedCharacter> {
  return db.transaction(async (tx) => {
    await lockedGuildOr404(tx, guildId);
    await characterOr404(tx, guildId, characterId);
    if (await retireCharacter(tx, guildId, characterId, new Date())) {
      await recordAudit(tx, {
        actor: requester.actor,
        action: 'character.retired',
        target: { type: 'character', id: characterId },
        details: { guildId },
        ip: requester.ip,
      });
    }
    return presentCharacter((await selectSourcedCharacter(tx, guildId, characterId))!);
  });
}

import { GAME_DATA_MESSAGES, wowClassOf } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import type { WowAuditApi, WowAuditCharacter, WowAuditWishlist } from '../../services/game-data/wowaudit';
import { JobFailure } from '../../services/job-queue';
import type { SecretBox } from '../guild-config/secret-box';
import type { Observation } from './plan-characters';
import { selectSealedKey } from './source-key-queries';
import { type SourceSyncBody, saveRosterLike } from './source-sync-job';
import { saveWowAuditWishes } from './wowaudit-wishes';

/** What WoWAudit says of one character; null without a class the game knows. */
function observationOf(character: WowAuditCharacter): Observation | null {
  const className = wowClassOf(character.className);
  if (!className) return null;
  return {
    name: character.name,
    realm: character.realm,
    battlenetId: character.battlenetId,
    className,
    fields: {
      role: character.role ?? undefined,
      team_rank: character.rank ?? undefined,
      battlenet_id: character.battlenetId ?? undefined,
    },
  };
}

interface WowAuditTeam {
  characters: WowAuditCharacter[];
  wishlists: WowAuditWishlist[];
}

/**
 * WoWAudit: the team's characters, then their wishlists, read with the guild's own key (opened only here, for the
 * calls). The characters are merged first, so a wishlist finds the character its own sync just created.
 */
export function wowAuditSync(api: WowAuditApi, db: Queryable, secrets: SecretBox): SourceSyncBody<WowAuditTeam> {
  return {
    async fetch(job, save) {
      const sealed = await selectSealedKey(db, job.record.tenantId!, 'wowaudit');
      if (!sealed) throw new JobFailure(GAME_DATA_MESSAGES.keyMissing);
      if (!secrets.available) throw new JobFailure(GAME_DATA_MESSAGES.secretKeyMissing);
      const key = secrets.decrypt(sealed);
      const characters = await api.characters(key, job.signal);
      await save({ phase: 'fetching', fetched: characters.length, total: characters.length });
      return { characters, wishlists: await api.wishlists(key, job.signal) };
    },
    async save(tx, job, team, at) {
      const observations = team.characters.map(observationOf);
      const known = observations.filter((observation): observation is Observation => observation !== null);
      const result = await saveRosterLike(tx, job.tenantId!, 'wowaudit', known, observations.length - known.length, at);
      const battlenetIds = new Map(team.characters.map((character) => [character.id, character.battlenetId]));
      const wishlists = await saveWowAuditWishes(tx, job.tenantId!, team.wishlists, battlenetIds);
      return wishlists > 0 ? { ...result, wishlists } : result;
    },
  };
}

import { GAME_DATA_MESSAGES, wowClassOf } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import type { WowAuditApi, WowAuditCharacter } from '../../services/game-data/wowaudit';
import { JobFailure } from '../../services/job-queue';
import type { SecretBox } from '../guild-config/secret-box';
import type { Observation } from './plan-characters';
import { selectSealedKey } from './source-key-queries';
import { type SourceSyncBody, saveRosterLike } from './source-sync-job';

/** What WoWAudit says of one character; null without a class the game knows. */
function observationOf(character: WowAuditCharacter): Observation | null {
  const className = wowClassOf(character.className);
  if (!className) return null;
  return {
    name: character.name,
    realm: character.realm,
    battlenetId: character.battlenetId,
    className,
    fields: { role: character.role ?? undefined, battlenet_id: character.battlenetId ?? undefined },
  };
}

/** WoWAudit: the team's characters, read with the guild's own key (opened only here, for the call). */
export function wowAuditSync(api: WowAuditApi, db: Queryable, secrets: SecretBox): SourceSyncBody<WowAuditCharacter[]> {
  return {
    async fetch(job, save) {
      const sealed = await selectSealedKey(db, job.record.tenantId!, 'wowaudit');
      if (!sealed) throw new JobFailure(GAME_DATA_MESSAGES.keyMissing);
      if (!secrets.available) throw new JobFailure(GAME_DATA_MESSAGES.secretKeyMissing);
      const characters = await api.characters(secrets.decrypt(sealed), job.signal);
      await save({ phase: 'fetching', fetched: characters.length, total: characters.length });
      return characters;
    },
    async save(tx, job, characters, at) {
      const observations = characters.map(observationOf);
      const known = observations.filter((observation): observation is Observation => observation !== null);
      return saveRosterLike(tx, job.tenantId!, 'wowaudit', known, observations.length - known.length, at);
    },
  };
}

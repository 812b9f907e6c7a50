import { GAME_DATA_LIMITS, wowClassOf } from '@guildhall/contract';
import { GameDataError } from '../../services/game-data/game-data-error';
import type { RaiderIoApi, RaiderIoCharacter, RaiderIoMember } from '../../services/game-data/raiderio';
import { eachLimited } from './each-limited';
import type { Observation } from './plan-characters';
import { type SourceSyncBody, saveRosterLike } from './source-sync-job';

/** Profiles fetched between two saves of the progress. */
const PROGRESS_EVERY = 20;

type Fetched = { member: RaiderIoMember; profile: RaiderIoCharacter | null }[];

/** What Raider.IO says of one member; null without a class the game knows. */
function observationOf({ member, profile }: Fetched[number]): Observation | null {
  const className = wowClassOf(member.className);
  if (!className) return null;
  return {
    name: member.name,
    realm: member.realm,
    className,
    fields: {
      race: member.race,
      spec: profile?.spec ?? member.spec,
      role: profile?.role ?? member.role,
      item_level_equipped: profile?.itemLevelEquipped ?? undefined,
      mythic_plus_score: profile?.mythicPlusScore ?? undefined,
    },
  };
}

/** Raider.IO: the guild's members, then each one's profile (Mythic+ score, gear), a few at a time within its limit. */
export function raiderIoSync(api: RaiderIoApi): SourceSyncBody<Fetched> {
  return {
    async fetch(job, save) {
      const { region, realm, guildName } = job.record.input;
      const members = await api.guildMembers(region, realm, guildName, job.signal);
      if (!members) throw new GameDataError('not_found', 'no such guild');
      await save({ phase: 'fetching', fetched: 0, total: members.length });
      let fetched = 0;
      return eachLimited(members, GAME_DATA_LIMITS.raiderIoConcurrency, async (member) => {
        const profile = await api.character(region, member.realm, member.name, job.signal);
        if (++fetched % PROGRESS_EVERY === 0) await save({ phase: 'fetching', fetched, total: members.length });
        return { member, profile };
      });
    },
    async save(tx, job, fetched, at) {
      const observations = fetched.map(observationOf);
      const known = observations.filter((observation): observation is Observation => observation !== null);
      return saveRosterLike(tx, job.tenantId!, 'raiderio', known, observations.length - known.length, at);
    },
  };
}

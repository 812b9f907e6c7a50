import { BENCH_WINDOW_WEEKS, RAID_MESSAGES, type RaidComposition } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { type CompositionStateRow, selectBenchCounts, selectCompositionState, selectPlacements } from './composition-queries';
import { presentComposition } from './presenters';
import type { RaidMember } from './raid-member';

const WEEK_MS = 7 * 864e5;

/** The board as a viewer may see it: officers always, members once it is published. */
export async function compositionOf(
  db: Queryable,
  member: RaidMember,
  raidId: string,
  state: CompositionStateRow,
  canManage: boolean,
): Promise<RaidComposition> {
  const since = new Date(Date.now() - BENCH_WINDOW_WEEKS * WEEK_MS);
  const placements = canManage || state.is_published ? await selectPlacements(db, raidId) : [];
  const benchCounts = await selectBenchCounts(db, member.guildId, raidId, since);
  return presentComposition(raidId, state, placements, benchCounts);
}

/** The composition of a raid of the member's guild; another guild's raid is not found. */
export async function readComposition(
  db: Queryable,
  member: RaidMember,
  raidId: string,
  canManage: boolean,
): Promise<RaidComposition> {
  const state = await selectCompositionState(db, member.guildId, raidId);
  if (!state) throw AppError.notFound(RAID_MESSAGES.notFound);
  return compositionOf(db, member, raidId, state, canManage);
}

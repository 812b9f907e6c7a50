import { COMPOSITION_MESSAGES, RAID_MESSAGES, type RaidComposition } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { bumpComposition, type CompositionStateRow, lockCompositionState, selectCompositionState } from './composition-queries';
import type { RaidMember } from './raid-member';
import type { RaidsDeps } from './raids-deps';
import { compositionOf } from './read-composition';

// What every change of a composition board shares: the board locked and checked against the version the officer read,
// the version moved on, and the change told to every open board of the guild once committed.

/**
 * Runs one change of a raid's board in a transaction: refused when the raid is not the guild's (404), cancelled, or
 * changed since the officer read it (409, nothing written). The change audits itself; the board is answered as it is
 * now, and published live.
 */
export async function changeComposition(
  deps: RaidsDeps,
  member: RaidMember,
  raidId: string,
  version: number,
  change: (tx: Queryable, state: CompositionStateRow) => Promise<{ publishAt?: Date | null }>,
): Promise<RaidComposition> {
  const composition = await deps.db.transaction(async (tx) => {
    const state = await lockCompositionState(tx, member.guildId, raidId);
    if (!state) throw AppError.notFound(RAID_MESSAGES.notFound);
    if (state.cancelled_at) throw new AppError('CONFLICT', COMPOSITION_MESSAGES.cancelled);
    if (state.composition_version !== version) throw new AppError('CONFLICT', COMPOSITION_MESSAGES.conflict);
    const { publishAt } = await change(tx, state);
    await bumpComposition(tx, raidId, publishAt);
    const after = await selectCompositionState(tx, member.guildId, raidId);
    return compositionOf(tx, member, raidId, after!, true);
  });
  deps.bus.publish({
    type: 'raid.composition-changed',
    composition: { guildId: member.guildId, discordGuildId: member.discordGuildId, raidId, version: composition.version },
  });
  return composition;
}

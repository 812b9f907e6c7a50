import { COMPOSITION_MESSAGES, type PublishCompositionInput, type RaidComposition } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { changeComposition } from './change-composition';
import { auditRaid } from './raid-audit';
import type { RaidMember } from './raid-member';
import type { RaidsDeps } from './raids-deps';

/**
 * Publishes a raid's composition at a time (now or later): from then on members see it and it is locked. A null time
 * reopens it for changes (and hides it from members again). Against the board's version; audited.
 */
export async function publishComposition(
  deps: RaidsDeps,
  member: RaidMember,
  raidId: string,
  input: PublishCompositionInput,
): Promise<RaidComposition> {
  return changeComposition(deps, member, raidId, input.version, async (tx, state) => {
    const publishAt = input.publishAt === null ? null : new Date(input.publishAt);
    if (publishAt === null && state.composition_publish_at === null) {
      throw new AppError('CONFLICT', COMPOSITION_MESSAGES.notPublished);
    }
    await auditRaid(
      tx,
      member,
      publishAt ? 'raid.composition_published' : 'raid.composition_reopened',
      raidId,
      publishAt ? { publishAt: publishAt.toISOString() } : {},
    );
    return { publishAt };
  });
}

import { createHash, randomBytes } from 'node:crypto';
import { RAID_FEED_MESSAGES, type RaidFeedState, raidFeedPath } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { recordAudit } from '../../core/audit';
import { deleteFeed, type FeedRow, replaceFeed, selectFeed } from './feed-queries';
import type { RaidMember } from './raid-member';
import type { RaidsDeps } from './raids-deps';

// A member's secret calendar feed address: made (or made anew, which replaces the old one), read back without the
// address, revoked. Only the token's hash is stored; the address is in one answer only.

/** What the database keeps instead of the token: a leaked table opens no feed. */
export const hashFeedToken = (token: string) => createHash('sha256').update(token).digest('hex');

const presentFeed = (row: FeedRow): RaidFeedState => ({
  createdAt: row.created_at.toISOString(),
  lastReadAt: row.last_read_at?.toISOString() ?? null,
});

/** The member's feed, without its address; null when they have none. */
export async function readFeed(deps: RaidsDeps, member: RaidMember): Promise<RaidFeedState | null> {
  const row = await selectFeed(deps.db, member.userId);
  return row ? presentFeed(row) : null;
}

/**
 * Makes the member a new secret feed address (32 random bytes), replacing an earlier one, which stops answering:
 * stored hashed, audited (raid_feed.created), in one transaction. The address is returned here and never again.
 */
export async function makeFeedAddress(deps: RaidsDeps, member: RaidMember): Promise<{ url: string; feed: RaidFeedState }> {
  const token = randomBytes(32).toString('base64url');
  const row = await deps.db.transaction(async (tx) => {
    const { row, replaced } = await replaceFeed(tx, member.userId, hashFeedToken(token));
    await recordAudit(tx, {
      actor: member.requester.actor,
      action: 'raid_feed.created',
      target: { type: 'user', id: member.userId },
      details: { replaced },
      ip: member.requester.ip,
    });
    return row;
  });
  return { url: `${deps.publicUrl}${raidFeedPath(token)}`, feed: presentFeed(row) };
}

/** Revokes the member's feed address (audited, raid_feed.revoked); 404 when they have none. */
export async function revokeFeed(deps: RaidsDeps, member: RaidMember): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await deleteFeed(tx, member.userId))) throw AppError.notFound(RAID_FEED_MESSAGES.notFound);
    await recordAudit(tx, {
      actor: member.requester.actor,
      action: 'raid_feed.revoked',
      target: { type: 'user', id: member.userId },
      ip: member.requester.ip,
    });
  });
}

import { z } from 'zod';
import type { DataSourceProgress } from '../api/game-data-sources';
import { COMMUNITY_MESSAGES } from '../community-messages';
import { discordGuildIdWith } from '../guild-ids';
import { SIGNUP_STATUSES } from '../raids';

/** Socket.IO namespace of the community app: live updates of the selected guild. */
export const COMMUNITY_NAMESPACE = '/community';

/** The room of one guild's members on /community, by the Discord server's id. */
export const communityGuildRoom = (discordGuildId: string) => `guild:${discordGuildId}`;

/** What a /community handshake carries: the guild (as X-Guild-ID names it) and, for an e-mail sign-in, the access token. */
export const communityHandshake = z.object({
  guildId: discordGuildIdWith(COMMUNITY_MESSAGES.guildNotAvailable),
  token: z.string().min(1).max(4096).optional(),
});
/** A /community handshake's auth. */
export type CommunityHandshake = z.infer<typeof communityHandshake>;

/** Why a /community connection is refused. */
export const COMMUNITY_SOCKET_MESSAGES = {
  signInRequired: COMMUNITY_MESSAGES.signInRequired,
  guildNotAvailable: COMMUNITY_MESSAGES.guildNotAvailable,
  guildSelectionRequired: COMMUNITY_MESSAGES.guildSelectionRequired,
} as const;

/** A member answered a raid, changed their answer or withdrew it (status null). */
export const raidAnswered = z.object({
  raidId: z.string(),
  userId: z.string(),
  status: z.enum(SIGNUP_STATUSES).nullable(),
});
/** A raid answer pushed to the guild's room. */
export type RaidAnswered = z.infer<typeof raidAnswered>;

/** An officer changed a raid's composition board: open boards of the raid read it again. */
export const raidCompositionChanged = z.object({ raidId: z.string(), version: z.number() });
/** A composition change pushed to the guild's room. */
export type RaidCompositionChanged = z.infer<typeof raidCompositionChanged>;

/** What changed in a guild's loot: open loot pages read it again. */
export const LOOT_CHANGES = ['award', 'correction', 'council', 'credit', 'settings', 'decay'] as const;
/** A kind of loot change. */
export type LootChangeKind = (typeof LOOT_CHANGES)[number];
/** A loot change pushed to the guild's room: which kind, and the raid it belongs to when it belongs to one. */
export const lootChanged = z.object({ change: z.enum(LOOT_CHANGES), raidId: z.string().nullable() });
/** A loot change. */
export type LootChanged = z.infer<typeof lootChanged>;

/** Events the server sends on /community. */
export interface CommunityServerEvents {
  'raid:answered': (payload: RaidAnswered) => void;
  /** A sync of the guild's sources moved on; only to its officers (characters.manage). */
  'data-sources:progress': (payload: DataSourceProgress) => void;
  'raid:composition': (payload: RaidCompositionChanged) => void;
  'loot:changed': (payload: LootChanged) => void;
}
/** Events a client sends on /community: none yet; the handshake chooses the guild. */
export type CommunityClientEvents = Record<string, never>;

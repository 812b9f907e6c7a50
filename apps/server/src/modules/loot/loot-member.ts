import type { GuildPermission } from '@guildhall/contract';
import type { Requester } from '../../core/audit';

/** Who acts on a guild's loot: a community user in the guild of X-Guild-ID, what they hold there, and from where. */
export interface LootMember {
  /** The guild tenant's id: every loot read and write is scoped by it. */
  guildId: string;
  /** The Discord server's id (X-Guild-ID): whose permissions a correction's target holds is read there. */
  discordGuildId: string;
  userId: string;
  permissions: readonly GuildPermission[];
  requester: Requester;
}

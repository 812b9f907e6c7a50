import type { Requester } from '../../core/audit';

/** Who acts on a guild's raids: a community user in the guild of X-Guild-ID, and from where (every change is audited). */
export interface RaidMember {
  /** The guild tenant's id: every raid read and written is scoped by it. */
  guildId: string;
  /** The Discord server's id: the room live answers go to. */
  discordGuildId: string;
  userId: string;
  requester: Requester;
}

import type { AttendanceStanding } from './api/raid-attendance';

/**
 * Role sync (issue 33): Discord roles kept in step with the roster. Each member on the roster holds the role of one
 * mark: inactive when an officer marked them so, else trial, else raider while they keep the attendance rule (a member
 * with no raid counted yet keeps it too) and bench below it. A member off the roster (no current character linked in
 * the guild) holds none of the mapped roles. Roles the guild did not map are never touched.
 */
export const ROLE_SYNC_MARKS = ['raider', 'trial', 'bench', 'inactive'] as const;
/** A roster mark a Discord role is kept in step with. */
export type RoleSyncMark = (typeof ROLE_SYNC_MARKS)[number];

/** How each mark is named on screen, and who holds it. */
export const ROLE_SYNC_MARK_LABELS: Readonly<Record<RoleSyncMark, { label: string; holders: string }>> = {
  raider: { label: 'Raider', holders: 'Active members who keep the attendance rule' },
  trial: { label: 'Trial', holders: 'Members the roster marks as trials' },
  bench: { label: 'Bench', holders: 'Active members below the attendance rule' },
  inactive: { label: 'Inactive', holders: 'Members the roster marks as inactive' },
};

/** What role sync knows of one member on the roster. */
export interface RoleSyncMember {
  isOnRoster: boolean;
  isTrial: boolean;
  isInactive: boolean;
  standing: Pick<AttendanceStanding, 'meetsRule'>;
}

/** The mark whose role a member should hold; null off the roster. */
export function roleSyncMarkOf(member: RoleSyncMember): RoleSyncMark | null {
  if (!member.isOnRoster) return null;
  if (member.isInactive) return 'inactive';
  if (member.isTrial) return 'trial';
  return member.standing.meetsRule ? 'raider' : 'bench';
}

/** Why a Discord role cannot be kept in step (the picker shows it beside the role; saving it is refused with it). */
export const ROLE_SYNC_REFUSALS = {
  everyone: 'Everyone holds @everyone: it cannot be given or taken',
  managed: 'A bot or integration manages this role',
  moderator: 'It carries moderator permissions in Discord (such as Administrator, Manage Server or Manage Roles)',
  guildhallPermissions: "It grants Guildhall permissions beyond a member's (see Permissions)",
  missing: 'This role is no longer in the Discord server',
} as const;

/** What role sync's calls say. */
export const ROLE_SYNC_MESSAGES = {
  saved: 'Role sync saved',
  sameRole: 'Each mark needs its own role: one Discord role cannot stand for two marks',
  nothingMapped: 'Choose a Discord role for at least one mark before turning role sync on',
  roleRefused: (roleName: string, reason: string) => `${roleName}: ${reason}`,
  noBotToken: 'Role sync needs the bot token (DISCORD_BOT_TOKEN) on the server',
  rolesUnavailable: (status: number) => `Discord did not list the server's roles (it answered ${status}): try again`,
  notEnabled: 'Turn role sync on first',
  started: 'Role sync started',
  alreadyRunning: 'Role sync is already running for this guild',
  botCannotManage: 'The bot may not manage this role: move the bot’s role above it in Discord',
  memberLeft: 'Not in the Discord server any more',
  notOnRoster: 'Not on the roster',
  failed: (status: number) => `Discord answered ${status}`,
} as const;

/** How often the roles of every guild with role sync on are brought in step (besides a roster change and Sync now). */
export const ROLE_SYNC_DEFAULT_INTERVAL_MS = 3_600_000;

/** The thirteen World of Warcraft classes a character can have (the database checks the same list). */
export const WOW_CLASSES = [
  'Death Knight',
  'Demon Hunter',
  'Druid',
  'Evoker',
  'Hunter',
  'Mage',
  'Monk',
  'Paladin',
  'Priest',
  'Rogue',
  'Shaman',
  'Warlock',
  'Warrior',
] as const;
/** A World of Warcraft class. */
export type WowClass = (typeof WOW_CLASSES)[number];

/** The role a character plays in a raid (spec 1 §3). */
export const CHARACTER_ROLES = ['tank', 'healer', 'dps'] as const;
/** A character role. */
export type CharacterRole = (typeof CHARACTER_ROLES)[number];

/** How a character took part in a raid event. */
export const RAID_ATTENDANCE_STATUSES = ['present', 'late', 'absent'] as const;
/** A raid attendance status. */
export type RaidAttendanceStatus = (typeof RAID_ATTENDANCE_STATUSES)[number];

/** Whether a linked character is the member's main or an alt (spec 1 §4 Character linking). */
export const LINK_PRIORITIES = ['main', 'alt'] as const;
/** A character link priority. */
export type LinkPriority = (typeof LINK_PRIORITIES)[number];

/** How a character link was made: by hand, by name matching, or claimed by the player. */
export const LINK_TYPES = ['manual', 'automatic', 'claim'] as const;
/** A character link type. */
export type LinkType = (typeof LINK_TYPES)[number];

/**
 * A character's ranks as a line reads them: the in-game guild rank Battle.net numbers (0 the guild master) and
 * WoWAudit's team rank in words, '2 · Trial'; null when neither is known.
 */
export function characterRanksText(guildRank: number | null, teamRank: string | null): string | null {
  const parts = [guildRank === null ? null : String(guildRank), teamRank || null].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}

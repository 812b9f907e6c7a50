import type { GuildPermission } from './guild-permissions';

/** The guild permission that lets a member plan, edit and cancel raids and keep the templates: an officer's. */
export const RAIDS_MANAGE_PERMISSION: GuildPermission = 'raids.manage';

/** A raid's difficulty, as stored and shown. */
export const RAID_DIFFICULTIES = ['Normal', 'Heroic', 'Mythic'] as const;
/** A raid difficulty. */
export type RaidDifficulty = (typeof RAID_DIFFICULTIES)[number];

/** A member's answer to a raid. */
export const SIGNUP_STATUSES = ['accept', 'tentative', 'late', 'bench', 'absent'] as const;
/** A sign-up status. */
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];
/** How each answer is named on screen. */
export const SIGNUP_STATUS_LABELS: Readonly<Record<SignupStatus, string>> = {
  accept: 'Accept',
  tentative: 'Tentative',
  late: 'Late',
  bench: 'Bench',
  absent: 'Absent',
};
/** The answers that take a seat: those who come (on time or late). */
export const SEATED_STATUSES: readonly SignupStatus[] = ['accept', 'late'];

/** The role a member signs up as. */
export const RAID_ROLES = ['tank', 'healer', 'melee', 'ranged'] as const;
/** A raid role. */
export type RaidRole = (typeof RAID_ROLES)[number];
/** The seats of a raid by role, as planned or filled. */
export interface RaidSeats {
  tanks: number;
  healers: number;
  melee: number;
  ranged: number;
}
/** The seat each role fills. */
export const ROLE_SEAT: Readonly<Record<RaidRole, keyof RaidSeats>> = {
  tank: 'tanks',
  healer: 'healers',
  melee: 'melee',
  ranged: 'ranged',
};
/** How each role's seats are named on screen. */
export const RAID_SEAT_LABELS: Readonly<Record<keyof RaidSeats, string>> = {
  tanks: 'Tanks',
  healers: 'Healers',
  melee: 'Melee',
  ranged: 'Ranged',
};
/** How each role is named in the sign-up form. */
export const RAID_ROLE_LABELS: Readonly<Record<RaidRole, string>> = {
  tank: 'Tank',
  healer: 'Healer',
  melee: 'Melee',
  ranged: 'Ranged',
};

/** Which raids of a series an edit changes. */
export const SERIES_SCOPES = ['this', 'following', 'all'] as const;
/** A series edit's reach. */
export type SeriesScope = (typeof SERIES_SCOPES)[number];
/** The question a series edit asks, in its words. */
export const SERIES_SCOPE_LABELS: Readonly<Record<SeriesScope, string>> = {
  this: 'This raid',
  following: 'This and following raids',
  all: 'All raids of the series',
};

/** Limits of raid planning and sign-ups. */
export const RAID_LIMITS = {
  maxSize: 40,
  nameLength: 80,
  notesLength: 2000,
  commentLength: 200,
  reasonLength: 500,
  specLength: 40,
  maxLateMinutes: 600,
  /** Raids one series makes at most (two years of a weekly night). */
  maxSeriesRaids: 104,
  /** The longest range the calendar answers at once: a month view with its spill-over weeks. */
  maxRangeDays: 62,
  maxDurationMinutes: 1440,
  /** Two weeks: how long before the start sign-ups may close. */
  maxDeadlineMinutes: 20160,
  templatesPerGuild: 50,
} as const;

/** What the raid calls and screens say. */
export const RAID_MESSAGES = {
  created: 'Raid created',
  seriesCreated: (count: number) => `Series created: ${count} ${count === 1 ? 'raid' : 'raids'} planned`,
  updated: (count: number) => (count === 1 ? 'Raid updated' : `${count} raids updated`),
  cancelled: 'Raid cancelled',
  templateCreated: 'Template created',
  templateUpdated: 'Template saved',
  templateDeleted: 'Template deleted',
  signupSaved: 'Your answer is saved',
  signupWithdrawn: 'Your answer is withdrawn',
  notFound: 'Raid not found',
  templateNotFound: 'Template not found',
  leaderNotMember: 'The leader must be a member of this guild',
  endBeforeStart: 'The end must be after the start',
  deadlineAfterStart: 'The sign-up deadline must be at or before the start',
  seatsNegative: 'Seats cannot be negative',
  seatsWhole: 'Seats must be a whole number',
  seatsOverSize: 'The seats by role add up to more than the raid size',
  size: `The raid size must be a whole number from 1 to ${RAID_LIMITS.maxSize}`,
  nameRequired: 'Give the raid a name',
  instanceRequired: 'Name the instance',
  difficultyRequired: 'Choose a difficulty',
  deadlinePassed: 'Sign-ups for this raid are closed: the sign-up deadline has passed.',
  raidCancelled: (reason: string) => `This raid was cancelled: ${reason}`,
  alreadyCancelled: 'This raid is already cancelled.',
  cancelledNoEdit: 'This raid is cancelled and can no longer be changed.',
  notYourCharacter: 'You can only sign up with one of your own characters. Link or claim the character first.',
  lateMinutes: `Say how many minutes late you will be (1 to ${RAID_LIMITS.maxLateMinutes})`,
  roleRequired: 'Choose the role you will play',
  notSignedUp: 'You have not answered this raid.',
  editConflict: 'Someone else changed this raid since you opened it. Reload it to see their change, then make yours again.',
  templateNameTaken: 'A template with this name exists already.',
  tooManyTemplates: `A guild can keep at most ${RAID_LIMITS.templatesPerGuild} templates. Delete one first.`,
  rangeOrder: 'The end of the range must be after its start',
  rangeTooLong: `Ask for at most ${RAID_LIMITS.maxRangeDays} days at a time`,
  noWeekdays: 'Choose at least one weekday',
  seriesEnd: 'End the series on a date or after a number of raids, not both',
  untilBeforeFirst: 'The last date must be on or after the first',
  seriesEmpty: 'These dates and weekdays make no raid',
  cancelReason: 'Give a reason, so everyone signed up knows why',
  startTime: 'Give a time like 20:00',
  date: 'Give a date like 2026-10-21',
  duration: `The length must be from 15 minutes to ${RAID_LIMITS.maxDurationMinutes / 60} hours`,
  deadlineMinutes: 'Sign-ups can close at most two weeks before the start',
  noChange: 'Change at least one thing',
  seriesOnly: 'This raid is not part of a series: only "This raid" can be changed',
  loadFailed: 'Failed to load raids',
  live: 'Live: answers appear as they come',
} as const;

/** The seat counts that cannot be planned, by field, with their messages; empty when they fit. */
export function seatProblems(size: number, seats: RaidSeats): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [key, value] of Object.entries(seats)) {
    if (value < 0) problems[`seats.${key}`] = RAID_MESSAGES.seatsNegative;
  }
  if (Object.keys(problems).length === 0 && seats.tanks + seats.healers + seats.melee + seats.ranged > size) {
    problems.seats = RAID_MESSAGES.seatsOverSize;
  }
  return problems;
}

/** How long a reminder time ('15m', '2h', '1d': the Raids setting reminderTimes) is, in milliseconds; null when unreadable. */
export function reminderMs(reminder: string): number | null {
  const match = /^([1-9]\d{0,3})([mhd])$/.exec(reminder);
  if (!match) return null;
  const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

/** The reminder e-mail to a member who has not answered a raid. */
export function raidReminderMail(raid: { name: string; instance: string; startsAt: string; closesAt: string }, link: string) {
  return {
    subject: `Reminder: answer ${raid.name}`,
    text: [
      `You have not answered ${raid.name} (${raid.instance}) yet, starting ${raid.startsAt} (UTC).`,
      `Sign-ups close ${raid.closesAt} (UTC). Answer here: ${link}`,
    ].join('\n\n'),
  };
}

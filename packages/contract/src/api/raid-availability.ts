import { z } from 'zod';
import { ISO_DATE_PATTERN } from '../raid-times';
import { RAID_LIMITS, RAID_MESSAGES, RAID_ROLES } from '../raids';
import { endpoint } from './common';

const ok = z.literal(true);

/** Limits of a member's standing availability. */
export const RAID_AVAILABILITY_LIMITS = {
  noteLength: 200,
  /** The longest absence, in days. */
  maxAbsenceDays: 366,
  /** Absences a member keeps at once in a guild. */
  absencesPerMember: 50,
} as const;

const raidCount = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const countsOf = (parts: string[]) => (parts.some(Boolean) ? ` (${parts.filter(Boolean).join('; ')})` : '');

/** What the availability calls and screens say. */
export const RAID_AVAILABILITY_MESSAGES = {
  daysSaved: (answered: number, withdrawn: number) =>
    `Your raid days are saved: raids on them are answered Accept for you${countsOf([
      answered > 0 ? `${raidCount(answered, 'open raid')} answered now` : '',
      withdrawn > 0 ? `${raidCount(withdrawn, 'Accept answer')} withdrawn from days you no longer raid` : '',
    ])}.`,
  daysCleared: (withdrawn: number) =>
    `Your raid days are cleared: raids wait for your answer${countsOf([
      withdrawn > 0 ? `${raidCount(withdrawn, 'Accept answer')} they gave open raids withdrawn` : '',
    ])}.`,
  absenceSaved: (answered: number) =>
    answered === 0
      ? 'Your absence is saved.'
      : `Your absence is saved: ${answered} ${answered === 1 ? 'raid' : 'raids'} answered Absent for you.`,
  absenceRemoved: 'Your absence is removed.',
  absenceNotFound: 'Absence not found',
  lastBeforeFirst: 'The last day must be on or after the first day',
  startsInThePast: 'An absence cannot start before today',
  tooLong: `An absence can last at most ${RAID_AVAILABILITY_LIMITS.maxAbsenceDays} days`,
  overlaps: 'This overlaps an absence you have already set. Remove that one first.',
  tooMany: `You can keep at most ${RAID_AVAILABILITY_LIMITS.absencesPerMember} absences. Remove an old one first.`,
  noteLength: `Keep the note under ${RAID_AVAILABILITY_LIMITS.noteLength} characters`,
  unknownTimeZone: 'Choose a time zone this server knows',
  answeredByAvailability: 'answered by your availability',
  answeredByTheirAvailability: 'answered by their availability',
} as const;

const isoDate = z.string().regex(ISO_DATE_PATTERN, RAID_MESSAGES.date);
const timeZone = z.string().min(1, RAID_AVAILABILITY_MESSAGES.unknownTimeZone).max(64);

/** The weekdays a member raids, and as what: open raids on those days (in their zone) are answered Accept. */
export const raidAvailability = z.object({
  weekdays: z.array(z.number().int().min(0).max(6)).describe('0 Sunday … 6 Saturday'),
  characterId: z.string().nullable(),
  role: z.enum(RAID_ROLES).nullable(),
  spec: z.string().nullable(),
  timeZone: z.string().describe('The zone the weekdays are read in'),
});
/** A member's raid days. */
export type RaidAvailability = z.infer<typeof raidAvailability>;

/** An absence: the member's answer is Absent for raids from the first day to the last (in their zone). */
export const raidAbsence = z.object({
  id: z.string(),
  firstDate: z.string(),
  lastDate: z.string(),
  note: z.string(),
  timeZone: z.string(),
});
/** An absence. */
export type RaidAbsence = z.infer<typeof raidAbsence>;

/** The raid days form: none chosen clears them. A character (one of the member's) or a role says what they come as. */
export const raidAvailabilityBody = z.object({
  weekdays: z.array(z.number().int().min(0).max(6)).max(7),
  characterId: z.uuid().nullable().optional(),
  role: z.enum(RAID_ROLES, { error: RAID_MESSAGES.roleRequired }).nullable().optional(),
  spec: z.string().trim().min(1).max(RAID_LIMITS.specLength).nullable().optional(),
  timeZone,
});
/** The raid days as the form sends them. */
export type RaidAvailabilityInput = z.input<typeof raidAvailabilityBody>;

/** A new absence; the dates are checked against each other and today on the server (in the given zone). */
export const raidAbsenceBody = z.object({
  firstDate: isoDate,
  lastDate: isoDate,
  note: z.string().trim().max(RAID_AVAILABILITY_LIMITS.noteLength, RAID_AVAILABILITY_MESSAGES.noteLength).default(''),
  timeZone,
});
/** An absence as the form sends it. */
export type RaidAbsenceInput = z.input<typeof raidAbsenceBody>;

const availabilityState = { availability: raidAvailability.nullable(), absences: z.array(raidAbsence) };

/** The caller's standing availability in the selected guild: raid days and absences. */
export const raidAvailabilityApi = {
  read: endpoint({
    method: 'GET',
    path: '/api/guild/raid-availability',
    summary: "The caller's raid days and absences (today's and later) in the selected guild",
    response: z.object({ success: ok, ...availabilityState }),
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/guild/raid-availability',
    summary: 'Set the weekdays the caller raids (none: clear them); they answer unanswered open and new raids on them Accept',
    body: raidAvailabilityBody,
    response: z.object({
      success: ok,
      message: z.string(),
      answered: z.number().describe('Open raids the raid days answered Accept now'),
      withdrawn: z.number().describe('Accept answers the earlier raid days gave open raids, withdrawn'),
      ...availabilityState,
    }),
  }),
  addAbsence: endpoint({
    method: 'POST',
    path: '/api/guild/raid-absences',
    summary: 'Add an absence: raids in it that the caller has not answered, and new ones, are answered Absent',
    body: raidAbsenceBody,
    response: z.object({ success: ok, message: z.string(), answered: z.number(), ...availabilityState }),
  }),
  removeAbsence: endpoint({
    method: 'DELETE',
    path: '/api/guild/raid-absences/:absenceId',
    summary: 'Remove an absence: the open raids it answered wait for an answer again',
    params: z.object({ absenceId: z.uuid() }),
    response: z.object({ success: ok, message: z.string(), ...availabilityState }),
  }),
} as const;

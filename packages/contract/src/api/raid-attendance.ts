import { z } from 'zod';
import { ATTENDANCE_LIMITS, ATTENDANCE_MESSAGES, ATTENDANCE_SOURCES, ATTENDANCE_STATUSES } from '../attendance';
import { endpoint } from './common';

const ok = z.literal(true);
const raidParams = z.object({ raidId: z.uuid() });

/** A member's raids in the window by status. */
export const attendanceCounts = z.object({
  present: z.number(),
  late: z.number(),
  benched: z.number(),
  absent_notice: z.number(),
  absent: z.number(),
});

/** The guild's attendance rule. */
export const attendanceRuleSchema = z.object({
  percent: z.number().describe('The lowest rate that meets the rule'),
  weeks: z.number().describe('How many weeks back the rate looks'),
});

/** A rate against the rule: the counts it is made of, the rate in whole percent (null: no raid counted). */
export const attendanceStanding = z.object({
  counts: attendanceCounts,
  rate: z.number().nullable(),
  meetsRule: z.boolean(),
});
/** A rate against the rule. */
export type AttendanceStanding = z.infer<typeof attendanceStanding>;

/** One character's record of a raid, with where it came from and who corrected it. */
export const attendanceEntry = z.object({
  character: z.object({ id: z.string(), name: z.string(), class: z.string() }),
  member: z.object({ id: z.string(), name: z.string() }).nullable().describe('The guild member who plays it, when linked'),
  status: z.enum(ATTENDANCE_STATUSES),
  source: z.enum(ATTENDANCE_SOURCES),
  correctedBy: z.string().nullable(),
  correctedAt: z.string().nullable(),
});
/** An attendance record. */
export type AttendanceEntry = z.infer<typeof attendanceEntry>;

/** A raid's attendance: when it was taken, whether a report fed it, every record. */
export const raidAttendance = z.object({
  raidId: z.string(),
  takenAt: z.string().nullable().describe('When the sign-ups and composition were last turned into attendance'),
  hasReport: z.boolean().describe('A Warcraft Logs report (or an import) recorded who was present'),
  entries: z.array(attendanceEntry),
});
/** A raid's attendance. */
export type RaidAttendance = z.infer<typeof raidAttendance>;

/** An officer's correction of one character's attendance. */
export const correctAttendanceBody = z.object({
  status: z.enum(ATTENDANCE_STATUSES, { error: ATTENDANCE_MESSAGES.statusRequired }),
  note: z.string().trim().max(ATTENDANCE_LIMITS.noteLength, ATTENDANCE_MESSAGES.noteTooLong).default(''),
});
/** A correction as the form sends it. */
export type CorrectAttendanceInput = z.input<typeof correctAttendanceBody>;

const attendanceAnswer = z.object({ success: ok, message: z.string(), attendance: raidAttendance });

/** A raid's attendance (every member reads it) and the officers' taking and corrections (raids.manage). */
export const raidAttendanceApi = {
  read: endpoint({
    method: 'GET',
    path: '/api/guild/raids/:raidId/attendance',
    summary: "A raid's attendance: each character's status and where it came from",
    params: raidParams,
    response: z.object({ success: ok, attendance: raidAttendance, canManage: z.boolean() }),
  }),
  take: endpoint({
    method: 'POST',
    path: '/api/guild/raids/:raidId/attendance',
    summary: 'Take the attendance now from the sign-ups, the composition and any report (raids.manage)',
    params: raidParams,
    response: attendanceAnswer,
  }),
  correct: endpoint({
    method: 'PUT',
    path: '/api/guild/raids/:raidId/attendance/:characterId',
    summary:
      "Correct one character's attendance; it wins over the sign-ups and reports and goes into the raid's history (raids.manage)",
    params: z.object({ raidId: z.uuid(), characterId: z.uuid() }),
    body: correctAttendanceBody,
    response: attendanceAnswer,
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/guild/attendance/me',
    summary: "The caller's attendance rate against the guild's rule",
    response: z.object({
      success: ok,
      rule: attendanceRuleSchema,
      standing: attendanceStanding,
      isMember: z.boolean().describe('False when the caller has no linked character in the guild: nothing is recorded'),
    }),
  }),
} as const;

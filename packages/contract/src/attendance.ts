/** How a member was at a raid, as its attendance records it. */
export const ATTENDANCE_STATUSES = ['present', 'late', 'benched', 'absent_notice', 'absent'] as const;
/** An attendance status. */
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** How each status is named on screen. */
export const ATTENDANCE_STATUS_LABELS: Readonly<Record<AttendanceStatus, string>> = {
  present: 'Present',
  late: 'Late',
  benched: 'Benched',
  absent_notice: 'Absent with notice',
  absent: 'Absent without notice',
};
/**
 * The statuses that count as attended in a rate: present, late, and benched (the member was there and ready; the
 * officers chose to sit them out). Both kinds of absence count as a raid missed.
 */
export const ATTENDED_STATUSES: readonly AttendanceStatus[] = ['present', 'late', 'benched'];

/** Where an attendance record came from; an officer's correction wins over a report, a report over the sign-ups. */
export const ATTENDANCE_SOURCES = ['signups', 'report', 'import', 'officer'] as const;
/** An attendance source. */
export type AttendanceSource = (typeof ATTENDANCE_SOURCES)[number];
/** How each source is named on screen. */
export const ATTENDANCE_SOURCE_LABELS: Readonly<Record<AttendanceSource, string>> = {
  signups: 'Sign-ups and composition',
  report: 'Warcraft Logs report',
  import: 'Imported',
  officer: 'Officer',
};

/** The guild's attendance rule (the Raids settings attendanceRule and attendanceWeeks): a rate over a window. */
export interface AttendanceRule {
  /** The lowest rate that meets the rule, in percent. */
  percent: number;
  /** How many weeks back the rate looks. */
  weeks: number;
}

/** A member's raids in the window by status. */
export type AttendanceCounts = Readonly<Record<AttendanceStatus, number>>;

/** No raids counted yet. */
export const NO_ATTENDANCE: AttendanceCounts = { present: 0, late: 0, benched: 0, absent_notice: 0, absent: 0 };

/** The raids counted: every raid with a record of the member in the window. */
export const raidsCounted = (counts: AttendanceCounts) => ATTENDANCE_STATUSES.reduce((sum, status) => sum + counts[status], 0);

/** The raids attended (ATTENDED_STATUSES). */
export const raidsAttended = (counts: AttendanceCounts) => ATTENDED_STATUSES.reduce((sum, status) => sum + counts[status], 0);

/** The rate in whole percent, rounded down (79.9 % does not meet an 80 % rule); null with no raid counted. */
export function attendanceRate(counts: AttendanceCounts): number | null {
  const total = raidsCounted(counts);
  return total === 0 ? null : Math.floor((raidsAttended(counts) * 100) / total);
}

/** Whether a rate meets the rule; a member with no raid counted yet is not held to it. */
export const meetsAttendanceRule = (rate: number | null, rule: AttendanceRule) => rate === null || rate >= rule.percent;

/** The rule in words: '80 % over the last 8 weeks'. */
export const attendanceRuleText = (rule: AttendanceRule) =>
  `${rule.percent} % over the last ${rule.weeks} ${rule.weeks === 1 ? 'week' : 'weeks'}`;

/** A rate against the rule in one sentence, as the raids page and the bot say it. */
export function attendanceSummary(counts: AttendanceCounts, rule: AttendanceRule): string {
  const rate = attendanceRate(counts);
  const window = `the last ${rule.weeks} ${rule.weeks === 1 ? 'week' : 'weeks'}`;
  if (rate === null) return `Your attendance: no raids recorded over ${window} yet. The guild's rule is ${rule.percent} %.`;
  const total = raidsCounted(counts);
  const verdict = rate >= rule.percent ? 'you meet it' : 'you are below it';
  return `Your attendance: ${rate} % over ${window} (${raidsAttended(counts)} of ${total} ${total === 1 ? 'raid' : 'raids'}). The guild's rule is ${rule.percent} %: ${verdict}.`;
}

/** Limits of attendance corrections. */
export const ATTENDANCE_LIMITS = { noteLength: 200 } as const;

/** What the attendance calls and screens say. */
export const ATTENDANCE_MESSAGES = {
  taken: (count: number) => `Attendance taken: ${count} ${count === 1 ? 'record' : 'records'}`,
  corrected: 'Attendance corrected',
  notStarted: 'Attendance is taken once the raid has started.',
  cancelled: 'This raid was cancelled: it has no attendance.',
  characterNotFound: 'Character not found in this guild',
  sameStatus: 'The attendance already says this. Choose another status.',
  statusRequired: 'Choose how the member was at the raid',
  noteTooLong: `Keep the note to ${ATTENDANCE_LIMITS.noteLength} characters`,
  notTaken: 'Attendance has not been taken yet: it is taken when the raid ends.',
  noMember:
    'Your Discord account is not a member of this guild with a linked character yet, so no attendance is recorded for you.',
} as const;

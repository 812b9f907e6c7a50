import { describe, expect, it } from 'vitest';
import { attendanceRate, attendanceSummary, meetsAttendanceRule, NO_ATTENDANCE } from './attendance';

describe('the attendance rate', () => {
  it('counts present, late and benched as attended, rounded down, and none when no raid counted', () => {
    expect(attendanceRate(NO_ATTENDANCE)).toBeNull();
    expect(attendanceRate({ present: 5, late: 1, benched: 1, absent_notice: 1, absent: 1 })).toBe(77);
    expect(attendanceRate({ ...NO_ATTENDANCE, absent_notice: 2 })).toBe(0);
  });

  it('holds a member to the rule only once a raid counted', () => {
    const rule = { percent: 80, weeks: 8 };
    expect(meetsAttendanceRule(null, rule)).toBe(true);
    expect(meetsAttendanceRule(79, rule)).toBe(false);
    expect(meetsAttendanceRule(80, rule)).toBe(true);
    expect(attendanceSummary(NO_ATTENDANCE, { percent: 80, weeks: 1 })).toBe(
      "Your attendance: no raids recorded over the last 1 week yet. The guild's rule is 80 %.",
    );
  });
});

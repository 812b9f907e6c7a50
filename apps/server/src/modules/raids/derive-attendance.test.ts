import { describe, expect, it } from 'vitest';
import { type AttendanceAnswer, type AttendanceMember, deriveAttendance, statusOfAnswer } from './derive-attendance';

const member = (n: number, extra: Partial<AttendanceMember> = {}): AttendanceMember => ({
  memberId: `m${n}`,
  userId: `u${n}`,
  isInactive: false,
  characterIds: [`main${n}`, `alt${n}`],
  ...extra,
});
const answer = (n: number, status: AttendanceAnswer['status'], extra: Partial<AttendanceAnswer> = {}): AttendanceAnswer => ({
  userId: `u${n}`,
  status,
  characterId: null,
  slot: null,
  ...extra,
});

describe('attendance from an answer and the board', () => {
  it('reads answers as a raid leader does, with and without a board in use', () => {
    expect(statusOfAnswer(undefined, false)).toBe('absent');
    expect(statusOfAnswer(answer(1, 'absent'), true)).toBe('absent_notice');
    expect(statusOfAnswer(answer(1, 'accept', { slot: 'healer' }), true)).toBe('present');
    expect(statusOfAnswer(answer(1, 'late', { slot: 'tank' }), true)).toBe('late');
    expect(statusOfAnswer(answer(1, 'tentative', { slot: 'melee' }), true)).toBe('present');
    expect(statusOfAnswer(answer(1, 'accept', { slot: 'bench' }), true)).toBe('benched');
    expect(statusOfAnswer(answer(1, 'accept'), true)).toBe('benched');
    expect(statusOfAnswer(answer(1, 'accept'), false)).toBe('present');
    expect(statusOfAnswer(answer(1, 'late'), false)).toBe('late');
    expect(statusOfAnswer(answer(1, 'bench'), false)).toBe('benched');
    expect(statusOfAnswer(answer(1, 'tentative'), false)).toBe('absent_notice');
  });
});

describe('deriveAttendance', () => {
  it('records each member once, on the character they answered with, else their main', () => {
    const records = deriveAttendance(
      [member(1), member(2), member(3)],
      [answer(1, 'accept', { characterId: 'alt1' }), answer(2, 'late', { characterId: 'someone-elses' })],
      [],
    );
    expect(records).toEqual([
      { characterId: 'alt1', status: 'present' },
      { characterId: 'main2', status: 'late' },
      { characterId: 'main3', status: 'absent' },
    ]);
  });

  it('leaves out inactive members who did not answer, and members without a character', () => {
    const records = deriveAttendance(
      [member(1, { isInactive: true }), member(2, { isInactive: true }), member(3, { characterIds: [] })],
      [answer(2, 'accept')],
      [],
    );
    expect(records).toEqual([{ characterId: 'main2', status: 'present' }]);
  });

  it('lets a report and an officer speak for a member, and marks those the report did not see absent', () => {
    const records = deriveAttendance(
      [member(1), member(2), member(3), member(4)],
      [answer(1, 'accept'), answer(2, 'accept'), answer(3, 'absent'), answer(4, 'bench')],
      [
        { characterId: 'alt1', source: 'report' },
        { characterId: 'main4', source: 'officer' },
      ],
    );
    expect(records).toEqual([
      { characterId: 'main2', status: 'absent' },
      { characterId: 'main3', status: 'absent_notice' },
    ]);
  });
});

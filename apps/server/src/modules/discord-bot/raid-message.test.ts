import { DISCORD_BOT_MESSAGES, type RaidSignup, type RaidSummary } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { raidPost, seatedByRole } from './raid-message';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const raid: RaidSummary = {
  id: '0b6c2f7e-3c1a-4d2e-9f00-1234567890ab',
  name: 'Heroic night',
  instance: 'Manaforge Omega',
  difficulty: 'Heroic',
  startsAt: '2026-11-29T19:00:00.000Z',
  endsAt: null,
  signupDeadline: null,
  signupsCloseAt: '2026-11-29T19:00:00.000Z',
  leader: { userId: 'u1', name: 'Officer' },
  size: 20,
  seats: { tanks: 2, healers: 4, melee: 7, ranged: 7 },
  filled: { tanks: 1, healers: 1, melee: 0, ranged: 0 },
  answers: { accept: 1, tentative: 1, late: 1, bench: 0, absent: 2 },
  myAnswer: null,
  notes: '',
  seriesId: null,
  cancelledAt: null,
  cancelReason: null,
  version: 1,
};
const signup = (name: string, status: RaidSignup['status'], role: RaidSignup['role']): RaidSignup => ({
  userId: name,
  name,
  status,
  lateMinutes: status === 'late' ? 15 : null,
  character: { id: name, name: `${name}char`, class: 'Paladin' },
  role,
  spec: null,
  comment: '',
  updatedAt: '2026-11-28T10:00:00.000Z',
  byAvailability: false,
});
const signups = [
  signup('a', 'accept', 'tank'),
  signup('b', 'late', 'healer'),
  signup('c', 'tentative', 'melee'),
  signup('d', 'absent', null),
];

describe('a raid post', () => {
  it('seats Accept and Late answers by role, late ones marked', () => {
    expect(seatedByRole(signups)).toEqual({ tanks: ['achar'], healers: ['bchar (late)'], melee: [], ranged: [] });
  });

  it('shows the roles, the other answers and the buttons while sign-ups are open', () => {
    const post = raidPost(raid, signups, '641000000000000001', NOW);
    const embed = post.embeds![0]!;
    expect(embed.fields!.map((field) => `${field.name}: ${field.value}`)).toEqual([
      'Tanks 1/2: achar',
      'Healers 1/4: bchar (late)',
      'Melee 0/7: —',
      'Ranged 0/7: —',
    ]);
    expect(embed.footer!.text).toBe('Tentative 1 · Bench 0 · Absent 2');
    expect(post.content).toMatch(/^Sign-ups close <t:\d+:R>$/);
    expect(post.components).toHaveLength(1);
  });

  it('says when sign-ups closed or the raid was cancelled, and drops the buttons', () => {
    const closed = raidPost(raid, signups, '641000000000000001', Date.parse(raid.signupsCloseAt));
    expect(closed.content).toBe(DISCORD_BOT_MESSAGES.signupsClosed);
    expect(closed.components).toEqual([]);
    const cancelled = raidPost(
      { ...raid, cancelledAt: '2026-11-28T11:00:00.000Z', cancelReason: 'Patch day' },
      signups,
      '1',
      NOW,
    );
    expect(cancelled.content).toBe('Cancelled: Patch day');
    expect(cancelled.embeds![0]!.title).toBe('~~Heroic night~~');
    expect(cancelled.components).toEqual([]);
  });
});

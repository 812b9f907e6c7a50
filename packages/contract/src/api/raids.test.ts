import { describe, expect, it } from 'vitest';
import { RAID_MESSAGES } from '../raids';
import { createRaidBody, raidSummary } from './raids';

const summary = {
  id: 'r',
  name: 'Night',
  instance: 'Undermine',
  difficulty: 'Mythic',
  startsAt: '2027-01-06T19:00:00.000Z',
  endsAt: null,
  signupDeadline: null,
  signupsCloseAt: '2027-01-06T19:00:00.000Z',
  leader: null,
  size: 20,
  seats: { tanks: 2, healers: 4, melee: 7, ranged: 7 },
  answers: { accept: 300, tentative: 0, late: 0, bench: 0, absent: 0 },
  myAnswer: null,
  notes: '',
  seriesId: null,
  cancelledAt: null,
  cancelReason: null,
  version: 1,
};

describe('the raid answers', () => {
  it('carries seats filled past the plan and past the largest raid: a popular raid is oversubscribed', () => {
    const filled = { tanks: 45, healers: 80, melee: 90, ranged: 85 };
    expect(raidSummary.parse({ ...summary, filled }).filled).toEqual(filled);
  });

  it('refuses planned seats below zero with the contract’s message', () => {
    const result = createRaidBody.safeParse({
      startsAt: '2027-01-06T19:00:00.000Z',
      seats: { tanks: -1, healers: 0, melee: 0, ranged: 0 },
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(RAID_MESSAGES.seatsNegative);
  });
});

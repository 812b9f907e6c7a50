import { describe, expect, it } from 'vitest';
import { customIdOf, parseCustomId } from './custom-ids';

const raidId = '0b6c2f7e-3c1a-4d2e-9f00-1234567890ab';
const characterId = 'ffffffff-ffff-4fff-bfff-ffffffffffff';
const GUILD = '64100000000000000001';

describe('raid action custom ids', () => {
  it('round-trips every action within Discord’s 100 characters, with a 20-digit server id', () => {
    for (const action of [
      { kind: 'answer', discordGuildId: GUILD, raidId, status: 'accept' },
      { kind: 'character', discordGuildId: GUILD, raidId, status: 'late' },
      { kind: 'late', discordGuildId: GUILD, raidId, seat: { characterId, role: 'ranged' } },
      { kind: 'late', discordGuildId: GUILD, raidId, seat: { characterId: null, role: null } },
    ] as const) {
      const id = customIdOf(action);
      expect(id.length).toBeLessThanOrEqual(100);
      expect(parseCustomId(id)).toEqual(action);
    }
  });

  it('names nothing for ids it did not make', () => {
    const packed = raidId.replaceAll('-', '');
    for (const id of [
      '',
      'answer',
      `answer:${GUILD}:${packed}:maybe`,
      `answer:guild:${packed}:accept`,
      `answer:${GUILD}:not-a-uuid:accept`,
      `answer:${GUILD}:${raidId}:accept`,
      `answer:${GUILD}:${packed}:accept:extra`,
      `late:${GUILD}:${packed}:x:-`,
      `late:${GUILD}:${packed}:-:z`,
      `delete:${GUILD}:${packed}:accept`,
    ]) {
      expect(parseCustomId(id)).toBeNull();
    }
  });
});

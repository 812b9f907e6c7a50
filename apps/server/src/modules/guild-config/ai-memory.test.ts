import { describe, expect, it } from 'vitest';
import { memoriesToStore, parseMemories } from './ai-memory';

const memory = { content: 'Plays a Restoration Shaman', category: 'character', importance: 4 };

describe('reading an extraction model’s reply', () => {
  it('reads the asked JSON, bare or in a ```json fence with words around it', () => {
    expect(parseMemories(JSON.stringify({ memories: [memory] }))).toEqual([memory]);
    expect(
      parseMemories(`Sure, here you go:\n\`\`\`json\n${JSON.stringify({ memories: [memory] })}\n\`\`\`\nAnything else?`),
    ).toEqual([memory]);
    expect(parseMemories(`The memories: ${JSON.stringify({ memories: [memory] })} (done)`)).toEqual([memory]);
  });

  it('accepts a bare array and fills a missing category or importance', () => {
    expect(parseMemories(JSON.stringify([{ content: '  Raids on Mondays ' }, 'Likes cats']))).toEqual([
      { content: 'Raids on Mondays', category: 'fact', importance: 3 },
      { content: 'Likes cats', category: 'fact', importance: 3 },
    ]);
  });

  it('takes "nothing to remember" as no memories, and prose or the wrong shape as unreadable', () => {
    expect(parseMemories('{"memories":[]}')).toEqual([]);
    expect(parseMemories('This member likes shamans.')).toBeNull();
    expect(parseMemories('{"facts":["likes shamans"]}')).toBeNull();
    expect(parseMemories('{"memories":[{"text":"no content key"}]}')).toBeNull();
  });
});

describe('what Test Memory would store', () => {
  it('keeps at most maxPerUser, each expiring retentionDays from now', () => {
    const now = new Date('2026-11-24T10:00:00.000Z');
    const stored = memoriesToStore([memory, { ...memory, content: 'Second' }, { ...memory, content: 'Third' }], {
      maxPerUser: 2,
      retentionDays: 30,
      now,
    });
    expect(stored.map((m) => m.content)).toEqual(['Plays a Restoration Shaman', 'Second']);
    expect(stored[0]!.expiresAt).toBe('2026-12-24T10:00:00.000Z');
  });
});

import type { ExtractedMemory } from '@guildhall/contract';

/** The instructions of a memory extraction: what to pick and the exact JSON to answer with. */
export const MEMORY_EXTRACTION_PROMPT = [
  'You extract memories for a guild’s Discord bot: lasting facts about the member who wrote the message',
  '(their characters, roles, schedule, preferences, goals). Ignore small talk and anything only true right now.',
  'Answer with JSON only, no other text, in exactly this shape:',
  '{"memories":[{"content":"<one fact, in the third person>","category":"<character|availability|preference|goal|fact>","importance":<1 to 5>}]}',
  'importance: 1 trivial, 5 essential to remember. With nothing worth remembering, answer {"memories":[]}.',
].join('\n');

/** A memory as the model names it, before it gets an expiry. */
export type MemoryCandidate = Omit<ExtractedMemory, 'expiresAt'>;

/**
 * The memories in an extraction model's reply, or null when the reply holds none in the asked shape. Tolerates what
 * chat models add around JSON: a ```json fence, a sentence before it, a bare array instead of the object.
 */
export function parseMemories(reply: string): MemoryCandidate[] | null {
  const parsed = parseJsonLoosely(reply);
  const list = Array.isArray(parsed) ? parsed : isRecord(parsed) && Array.isArray(parsed.memories) ? parsed.memories : null;
  if (!list) return null;
  const memories = list.flatMap((item): MemoryCandidate[] => {
    if (typeof item === 'string' && item.trim() !== '') return [{ content: item.trim(), category: 'fact', importance: 3 }];
    if (!isRecord(item) || typeof item.content !== 'string' || item.content.trim() === '') return [];
    const importance = Number(item.importance);
    return [
      {
        content: item.content.trim(),
        category: typeof item.category === 'string' && item.category.trim() !== '' ? item.category.trim() : 'fact',
        importance: Number.isFinite(importance) ? importance : 3,
      },
    ];
  });
  // Entries given but none readable: the model did not answer in the asked shape.
  return list.length > 0 && memories.length === 0 ? null : memories;
}

/** What Test Memory shows the guild would store: at most maxPerUser, each forgotten after retentionDays. */
export function memoriesToStore(
  candidates: MemoryCandidate[],
  options: { maxPerUser: number; retentionDays: number; now?: Date },
): ExtractedMemory[] {
  const now = options.now ?? new Date();
  const expiresAt = new Date(now.getTime() + options.retentionDays * 86_400_000).toISOString();
  return candidates.slice(0, options.maxPerUser).map((memory) => ({ ...memory, expiresAt }));
}

function parseJsonLoosely(reply: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(reply)?.[1];
  for (const candidate of [fenced, reply, outermostJson(reply)]) {
    if (candidate === undefined || candidate === null) continue;
    try {
      return JSON.parse(candidate.trim());
    } catch {
      // try the next reading
    }
  }
  return null;
}

/** The text from the first { or [ to the last } or ]: JSON with a sentence around it. */
function outermostJson(reply: string): string | null {
  const start = reply.search(/[[{]/);
  const end = Math.max(reply.lastIndexOf('}'), reply.lastIndexOf(']'));
  return start >= 0 && end > start ? reply.slice(start, end + 1) : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

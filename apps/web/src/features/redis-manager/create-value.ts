import { REDIS_CREATE_MAX_ELEMENTS, REDIS_MESSAGES, type RedisCreateKeyBody, type RedisCreateType } from '@guildhall/contract';
import { parseScore } from './element-kinds';

/** How the value box of Create New Key is read, per type. */
export const CREATE_VALUE_HINTS: Record<RedisCreateType, string> = {
  string: 'The text to store.',
  hash: 'One field per line: field=value.',
  list: 'One item per line, head first.',
  set: 'One member per line.',
  zset: 'One member per line: score, a space, then the member (1.5 alice).',
};

/** Messages of the value box beyond the spec's, for lines that do not read. */
export const CREATE_VALUE_MESSAGES = {
  hashLine: (line: number) => `Line ${line}: write field=value`,
  tooMany: `At most ${REDIS_CREATE_MAX_ELEMENTS.toLocaleString('en-US')} elements at once`,
} as const;

type CreateValue = Pick<RedisCreateKeyBody, 'type' | 'value'>;

/** The value box's text as the body's type and value, or the message that stops the create. */
export function parseCreateValue(type: RedisCreateType, text: string): CreateValue | { error: string } {
  if (type === 'string') return text.trim() === '' ? { error: REDIS_MESSAGES.keyAndValueRequired } : { type, value: text };
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return { error: REDIS_MESSAGES.keyAndValueRequired };
  if (lines.length > REDIS_CREATE_MAX_ELEMENTS) return { error: CREATE_VALUE_MESSAGES.tooMany };
  if (type === 'list' || type === 'set') return { type, value: lines };
  if (type === 'hash') {
    const fields: { field: string; value: string }[] = [];
    for (const [index, line] of lines.entries()) {
      const split = line.indexOf('=');
      if (split <= 0) return { error: CREATE_VALUE_MESSAGES.hashLine(index + 1) };
      fields.push({ field: line.slice(0, split), value: line.slice(split + 1) });
    }
    return { type, value: fields };
  }
  const members: { member: string; score: number | 'inf' | '+inf' | '-inf' }[] = [];
  for (const line of lines) {
    const match = /^\s*(\S+)\s+(.+)$/.exec(line);
    const score = match ? parseScore(match[1] ?? '') : null;
    if (!match || score === null) return { error: REDIS_MESSAGES.invalidScore };
    members.push({ member: match[2] ?? '', score });
  }
  return { type, value: members };
}

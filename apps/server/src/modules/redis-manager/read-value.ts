import { isUtf8 } from 'node:buffer';
import { REDIS_MESSAGES, REDIS_STRING_PAGE_BYTES, type RedisKeyValue } from '@guildhall/contract';
import type { Redis } from 'ioredis';
import { AppError } from '../../core/app-error';
import type { ManagedKey } from './key-scope';
import { keyType, ttlSeconds } from './scan-keys';
import { keyLabel, wireBytes, wireKey } from './wire';

/** Where a page starts: an index or byte offset for strings, lists and zsets. */
function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0;
  if (!/^\d{1,15}$/.test(cursor)) throw AppError.invalidField('cursor', REDIS_MESSAGES.invalidCursor);
  return Number(cursor);
}

/** A SCAN cursor for hashes and sets. */
function scanCursorOf(cursor: string | undefined): string {
  if (cursor === undefined || cursor === '') return '0';
  if (!/^\d{1,20}$/.test(cursor)) throw AppError.invalidField('cursor', REDIS_MESSAGES.invalidCursor);
  return cursor;
}

/** A stream entry id to read after. */
function streamIdOf(cursor: string | undefined): string | null {
  if (cursor === undefined || cursor === '') return null;
  if (!/^\d{1,20}-\d{1,20}$/.test(cursor)) throw AppError.invalidField('cursor', REDIS_MESSAGES.invalidCursor);
  return cursor;
}

/** Field/value pairs from a flat reply. */
function pairs(flat: Buffer[]) {
  const entries = [];
  for (let i = 0; i + 1 < flat.length; i += 2) entries.push({ field: wireBytes(flat[i]!), value: wireBytes(flat[i + 1]!) });
  return entries;
}

/**
 * A string page of at most 64 KiB. When the page stops inside a UTF-8 character, the character's first bytes
 * move to the next page, so text stays text.
 */
function stringPage(bytes: Buffer, isLast: boolean): Buffer {
  if (isLast || isUtf8(bytes)) return bytes;
  for (let cut = 1; cut <= 3 && cut < bytes.length; cut++) {
    const shorter = bytes.subarray(0, bytes.length - cut);
    if (isUtf8(shorter)) return shorter;
  }
  return bytes;
}

/**
 * A key's type, TTL and one page of its value (spec 2 §3 "Key value response"): by index for lists and zsets,
 * by HSCAN/SSCAN for hashes and sets, by id for streams, by byte range for strings. 404 for a missing key.
 */
export async function readKeyValue(
  redis: Redis,
  managed: ManagedKey,
  page: { cursor?: string; count: number },
): Promise<RedisKeyValue> {
  const key = managed.redis;
  const [[, rawType], [, ttlMs]] = ((await redis.pipeline().type(key).pttl(key).exec()) ?? []) as [
    [Error | null, string],
    [Error | null, number],
  ];
  if (rawType === 'none') throw AppError.notFound(REDIS_MESSAGES.keyNotFound(keyLabel(managed.shown)));
  const type = keyType(rawType);
  const base = { ...wireKey(managed.shown), ttl: ttlSeconds(ttlMs) };
  const { count } = page;

  switch (type) {
    case 'string': {
      const offset = offsetOf(page.cursor);
      const length = await redis.strlen(key);
      const end = Math.min(offset + REDIS_STRING_PAGE_BYTES, length);
      const chunk = offset >= length ? Buffer.alloc(0) : await redis.getrangeBuffer(key, offset, end - 1);
      const bytes = stringPage(chunk, end >= length);
      const next = offset + bytes.length;
      return { type, ...base, length, offset, value: wireBytes(bytes), nextCursor: next < length ? String(next) : null };
    }
    case 'list': {
      const offset = offsetOf(page.cursor);
      const [length, items] = await Promise.all([redis.llen(key), redis.lrangeBuffer(key, offset, offset + count - 1)]);
      const next = offset + items.length;
      return { type, ...base, length, offset, value: items.map(wireBytes), nextCursor: next < length ? String(next) : null };
    }
    case 'zset': {
      const offset = offsetOf(page.cursor);
      const [length, flat] = await Promise.all([
        redis.zcard(key),
        redis.zrangeBuffer(key, offset, offset + count - 1, 'WITHSCORES'),
      ]);
      const value = [];
      for (let i = 0; i + 1 < flat.length; i += 2) value.push({ member: wireBytes(flat[i]!), score: flat[i + 1]!.toString() });
      const next = offset + value.length;
      return { type, ...base, length, offset, value, nextCursor: next < length ? String(next) : null };
    }
    case 'set': {
      const [length, [next, members]] = await Promise.all([
        redis.scard(key),
        redis.sscanBuffer(key, scanCursorOf(page.cursor), 'COUNT', count),
      ]);
      const cursor = next.toString();
      return { type, ...base, length, value: members.map(wireBytes), nextCursor: cursor === '0' ? null : cursor };
    }
    case 'hash': {
      const [length, [next, flat]] = await Promise.all([
        redis.hlen(key),
        redis.hscanBuffer(key, scanCursorOf(page.cursor), 'COUNT', count),
      ]);
      const cursor = next.toString();
      return { type, ...base, length, value: pairs(flat), nextCursor: cursor === '0' ? null : cursor };
    }
    case 'stream': {
      const after = streamIdOf(page.cursor);
      // One more than asked tells whether another page exists; '(' reads after an id (Redis 6.2+).
      const [length, entries] = await Promise.all([
        redis.xlen(key),
        redis.xrangeBuffer(key, after ? `(${after}` : '-', '+', 'COUNT', count + 1),
      ]);
      const shown = entries.slice(0, count);
      const value = shown.map(([id, fields]) => ({ id: id.toString(), fields: pairs(fields) }));
      return { type, ...base, length, value, nextCursor: entries.length > count ? (value.at(-1)?.id ?? null) : null };
    }
    default:
      throw new AppError('VALIDATION_FAILED', REDIS_MESSAGES.unknownType(rawType));
  }
}

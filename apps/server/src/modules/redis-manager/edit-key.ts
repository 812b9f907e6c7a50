import { randomBytes } from 'node:crypto';
import { REDIS_MESSAGES, type RedisBytes, type RedisCreateKeyBody, type RedisEdit, type RedisKeyType } from '@guildhall/contract';
import type { Redis } from 'ioredis';
import { AppError } from '../../core/app-error';
import type { ManagedKey } from './key-scope';
import { keyType } from './scan-keys';
import { bytesOf, keyLabel } from './wire';

/*
 * Writes run as Lua scripts so the type check and the write are one atomic step: an edit never turns a hash
 * into a string, and Create never overwrites a key that appeared meanwhile.
 */

/** Runs ARGV[2] on KEYS[1] with ARGV[3..] when the key has type ARGV[1]; answers the key's type. */
const EDIT_IF_TYPE = `
local t = redis.call('TYPE', KEYS[1]).ok
if t ~= ARGV[1] then return t end
redis.call(ARGV[2], KEYS[1], unpack(ARGV, 3))
return t`;

/** Sets a list item to a unique marker and removes that marker: LREM by index. Answers the type, or 'range'. */
const LIST_REMOVE_AT = `
local t = redis.call('TYPE', KEYS[1]).ok
if t ~= 'list' then return t end
local n = redis.call('LLEN', KEYS[1])
local i = tonumber(ARGV[1])
if i >= n or i < -n then return 'range' end
redis.call('LSET', KEYS[1], i, ARGV[2])
redis.call('LREM', KEYS[1], 1, ARGV[2])
return t`;

/** LSET with the range checked first (Redis's own error would read 'index out of range'). */
const LIST_SET_AT = `
local t = redis.call('TYPE', KEYS[1]).ok
if t ~= 'list' then return t end
local n = redis.call('LLEN', KEYS[1])
local i = tonumber(ARGV[1])
if i >= n or i < -n then return 'range' end
redis.call('LSET', KEYS[1], i, ARGV[2])
return t`;

/** Runs ARGV[1] on KEYS[1] with ARGV[3..] unless the key exists, then EXPIRE ARGV[2] when > 0. 1 if created. */
const CREATE_UNLESS_EXISTS = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call(ARGV[1], KEYS[1], unpack(ARGV, 3))
if tonumber(ARGV[2]) > 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return 1`;

type Arg = Buffer | string;

/** The key's answer after a type-checked write: missing is a 404, another type a 409, a bad index a 400. */
function checkOutcome(key: ManagedKey, expected: RedisKeyType, outcome: string, index?: number) {
  if (outcome === 'none') throw AppError.notFound(REDIS_MESSAGES.keyNotFound(keyLabel(key.shown)));
  if (outcome === 'range') throw AppError.invalidField('edit.index', REDIS_MESSAGES.listIndexOutOfRange(index ?? 0));
  if (outcome !== expected) {
    throw new AppError('CONFLICT', REDIS_MESSAGES.wrongType(keyLabel(key.shown), keyType(outcome), expected));
  }
}

async function editIfType(redis: Redis, key: ManagedKey, type: RedisKeyType, command: string, args: Arg[]) {
  const outcome = String(await redis.eval(EDIT_IF_TYPE, 1, key.redis, type, command, ...args));
  checkOutcome(key, type, outcome);
}

const score = (value: number | string) => String(value);

/**
 * PUT key: a string's whole value (SET ... KEEPTTL, so its TTL stays) or one edit of a hash, list, set or zset.
 * The key must exist with the type the change is for.
 */
export async function updateKey(redis: Redis, key: ManagedKey, change: { value?: RedisBytes; edit?: RedisEdit }) {
  if (change.value !== undefined) return editIfType(redis, key, 'string', 'SET', [bytesOf(change.value), 'KEEPTTL']);
  const edit = change.edit;
  if (!edit) throw AppError.invalidField('value', REDIS_MESSAGES.noKeyOrValue);
  switch (edit.op) {
    case 'hash-set':
      return editIfType(redis, key, 'hash', 'HSET', [bytesOf(edit.field), bytesOf(edit.value)]);
    case 'hash-delete':
      return editIfType(redis, key, 'hash', 'HDEL', [bytesOf(edit.field)]);
    case 'list-push':
      return editIfType(redis, key, 'list', edit.end === 'head' ? 'LPUSH' : 'RPUSH', [bytesOf(edit.value)]);
    case 'list-set': {
      const outcome = String(await redis.eval(LIST_SET_AT, 1, key.redis, String(edit.index), bytesOf(edit.value)));
      return checkOutcome(key, 'list', outcome, edit.index);
    }
    case 'list-remove': {
      const marker = `guildhall-removed-${randomBytes(16).toString('hex')}`;
      const outcome = String(await redis.eval(LIST_REMOVE_AT, 1, key.redis, String(edit.index), marker));
      return checkOutcome(key, 'list', outcome, edit.index);
    }
    case 'set-add':
      return editIfType(redis, key, 'set', 'SADD', [bytesOf(edit.member)]);
    case 'set-remove':
      return editIfType(redis, key, 'set', 'SREM', [bytesOf(edit.member)]);
    case 'zset-add':
      return editIfType(redis, key, 'zset', 'ZADD', [score(edit.score), bytesOf(edit.member)]);
    case 'zset-remove':
      return editIfType(redis, key, 'zset', 'ZREM', [bytesOf(edit.member)]);
  }
}

/** The command and arguments that make a new key of a type. */
function creation(body: RedisCreateKeyBody): [string, Arg[]] {
  switch (body.type) {
    case 'string':
      return ['SET', [bytesOf(body.value)]];
    case 'hash':
      return ['HSET', body.value.flatMap((entry) => [bytesOf(entry.field), bytesOf(entry.value)])];
    case 'list':
      return ['RPUSH', body.value.map(bytesOf)];
    case 'set':
      return ['SADD', body.value.map(bytesOf)];
    case 'zset':
      return ['ZADD', body.value.flatMap((entry) => [score(entry.score), bytesOf(entry.member)])];
  }
}

/** POST key: creates a key of a type with its value and an optional TTL; 409 when it exists. */
export async function createKey(redis: Redis, key: ManagedKey, body: RedisCreateKeyBody) {
  const [command, args] = creation(body);
  const created = await redis.eval(CREATE_UNLESS_EXISTS, 1, key.redis, command, String(body.ttl ?? 0), ...args);
  if (created !== 1) throw new AppError('CONFLICT', REDIS_MESSAGES.keyExists(keyLabel(key.shown)));
}

/** PUT ttl: EXPIRE seconds, or PERSIST for -1 / null. Answers the TTL now in force; 404 for a missing key. */
export async function setTtl(redis: Redis, key: ManagedKey, ttl: number | null): Promise<number> {
  if (ttl !== null && ttl > 0) {
    if ((await redis.expire(key.redis, ttl)) !== 1) throw AppError.notFound(REDIS_MESSAGES.keyNotFound(keyLabel(key.shown)));
    return ttl;
  }
  const [[, exists]] = ((await redis.pipeline().exists(key.redis).persist(key.redis).exec()) ?? []) as [[Error | null, number]];
  if (exists !== 1) throw AppError.notFound(REDIS_MESSAGES.keyNotFound(keyLabel(key.shown)));
  return -1;
}

/** DELETE key: UNLINK (the memory is freed in the background); 404 for a missing key. */
export async function deleteKey(redis: Redis, key: ManagedKey) {
  if ((await redis.unlink(key.redis)) !== 1) throw AppError.notFound(REDIS_MESSAGES.keyNotFound(keyLabel(key.shown)));
}

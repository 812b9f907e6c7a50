import { REDIS_MESSAGES, type RedisKeyEntry, type RedisKeyValue } from '@guildhall/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestAdmin, sql } from './helpers/factories';
import { HttpClient } from './helpers/http-client';
import { startSignedInApp, stopTestApp, TEST_REDIS_URL, type TestApp, type TestEnvironment } from './helpers/test-app';

const BASE = '/api/admin/database/redis';
/**
 * This file's Redis databases (the app keeps its own keys in db 0 under REDIS_PREFIX). The manager reaches only keys
 * under REDIS_PREFIX and names them without it, so the direct clients write under the prefix too (ioredis keyPrefix);
 * `raw` writes as another deployment sharing the Redis would.
 */
const DB = 12;
const OTHER_DB = 13;

type KeysAnswer = { entries: RedisKeyEntry[]; cursor: string; scanned: number; totalKeys: number };
type ValueAnswer = RedisKeyValue;
type Refusal = { error: string; fields?: Record<string, string> };

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)])).toString();

describe('the Redis manager (spec 2 §7 "Cache admin")', () => {
  let environment: TestEnvironment;
  let server: TestApp;
  let owner: HttpClient;
  let redis: Redis;
  let other: Redis;
  let raw: Redis;
  let prefix: string;

  beforeAll(async () => {
    ({ environment, server, owner } = await startSignedInApp());
    prefix = environment.env.REDIS_PREFIX!;
    redis = new Redis(TEST_REDIS_URL, { db: DB, keyPrefix: prefix });
    other = new Redis(TEST_REDIS_URL, { db: OTHER_DB, keyPrefix: prefix });
    raw = new Redis(TEST_REDIS_URL, { db: DB });
  }, 60_000);

  beforeEach(async () => {
    await redis.flushdb();
    await other.flushdb();
  });

  afterAll(async () => {
    await redis?.flushdb();
    await other?.flushdb();
    redis?.disconnect();
    other?.disconnect();
    raw?.disconnect();
    await stopTestApp(server, environment);
  });

  const keys = (params: Record<string, string | number>) =>
    owner.get<KeysAnswer>(`${BASE}/keys?${query({ database: DB, ...params })}`);
  const keyValue = (params: Record<string, string | number>) =>
    owner.get<ValueAnswer>(`${BASE}/key-value?${query({ database: DB, ...params })}`);
  const put = (path: string, body: unknown) => owner.request<Refusal & { ttl: number }>('PUT', `${BASE}/${path}`, { body });
  const create = (body: Record<string, unknown>) =>
    owner.post<Refusal & { key: string; keyEncoding: string }>(`${BASE}/key`, { database: DB, ttl: null, ...body });

  /** Every key of a pattern, following the cursors page by page. */
  async function browseAll(pattern: string, count: number) {
    const found: string[] = [];
    let cursor = '0';
    let pages = 0;
    do {
      const answer = await keys({ pattern, cursor, count });
      expect(answer.status).toBe(200);
      found.push(...answer.body.entries.map((entry) => entry.key));
      cursor = answer.body.cursor;
      pages++;
    } while (cursor !== '0' && pages < 1000);
    return { found, pages };
  }

  it('pages keys by SCAN cursors, never returning one twice or missing one, with the total from DBSIZE', async () => {
    const pipeline = redis.pipeline();
    for (let i = 0; i < 1234; i++) pipeline.set(`page:${i}`, String(i));
    for (let i = 0; i < 50; i++) pipeline.set(`other:${i}`, 'x');
    await pipeline.exec();

    const everything = await browseAll('*', 100);
    expect(everything.pages).toBeGreaterThan(10);
    expect(new Set(everything.found).size).toBe(everything.found.length);
    expect(everything.found).toHaveLength(1284);
    const { found } = await browseAll('page:*', 100);
    expect(new Set(found).size).toBe(found.length);
    expect(found.sort()).toEqual(Array.from({ length: 1234 }, (_, i) => `page:${i}`).sort());

    const first = await keys({ count: 100 });
    expect(first.body.totalKeys).toBe(1284);
    expect(first.body.entries.length).toBeGreaterThanOrEqual(100);
    expect(first.body.cursor).not.toBe('0');
    expect(first.body.scanned).toBeGreaterThan(0);
    expect(first.body.scanned).toBeLessThanOrEqual(1284);
  });

  it('lists every type with its TTL, and reads each value', async () => {
    await redis.set('t:string', 'hello');
    await redis.set('t:json', JSON.stringify({ a: 1 }), 'EX', 300);
    await redis.rpush('t:list', 'a', 'b', 'c');
    await redis.sadd('t:set', 'x', 'y');
    await redis.hset('t:hash', 'name', 'Thrall', 'level', '80');
    await redis.zadd('t:zset', 1.5, 'one', '-inf', 'low');
    await redis.xadd('t:stream', '1-1', 'event', 'pull');

    const { body } = await keys({ pattern: 't:*' });
    const byKey = Object.fromEntries(body.entries.map((entry) => [entry.key, entry]));
    expect(byKey['t:string']).toEqual({ key: 't:string', keyEncoding: 'utf8', type: 'string', ttl: -1 });
    expect(byKey['t:json']!.ttl).toBeGreaterThan(295);
    expect(byKey['t:json']!.ttl).toBeLessThanOrEqual(300);
    expect(
      Object.values(byKey)
        .map((entry) => entry.type)
        .sort(),
    ).toEqual(['hash', 'list', 'set', 'stream', 'string', 'string', 'zset'].sort());

    expect((await keyValue({ key: 't:string' })).body).toMatchObject({ type: 'string', value: 'hello', length: 5 });
    expect((await keyValue({ key: 't:list' })).body).toMatchObject({ type: 'list', value: ['a', 'b', 'c'], length: 3 });
    const set = (await keyValue({ key: 't:set' })).body;
    expect(set.type === 'set' && [...set.value].sort()).toEqual(['x', 'y']);
    const hash = (await keyValue({ key: 't:hash' })).body;
    expect(hash.type).toBe('hash');
    expect(hash.value).toEqual(
      expect.arrayContaining([
        { field: 'name', value: 'Thrall' },
        { field: 'level', value: '80' },
      ]),
    );
    expect((await keyValue({ key: 't:zset' })).body).toMatchObject({
      type: 'zset',
      value: [
        { member: 'low', score: '-inf' },
        { member: 'one', score: '1.5' },
      ],
    });
    expect((await keyValue({ key: 't:stream' })).body).toMatchObject({
      type: 'stream',
      value: [{ id: '1-1', fields: [{ field: 'event', value: 'pull' }] }],
      nextCursor: null,
    });
  });

  it('pages big values: 500 elements at a time, a string 64 KiB at a time without splitting a character', async () => {
    await redis.rpush('big:list', ...Array.from({ length: 1200 }, (_, i) => `item ${i}`));
    const list = await keyValue({ key: 'big:list' });
    expect(list.body).toMatchObject({ type: 'list', length: 1200, offset: 0, nextCursor: '500' });
    expect((list.body.value as string[]).length).toBe(500);
    const last = await keyValue({ key: 'big:list', cursor: '1000' });
    expect(last.body).toMatchObject({ offset: 1000, nextCursor: null });
    expect((last.body.value as string[]).at(-1)).toBe('item 1199');

    await redis.zadd('big:zset', ...Array.from({ length: 600 }, (_, i) => [i, `m${i}`]).flat());
    const zset = await keyValue({ key: 'big:zset', cursor: '500' });
    expect(zset.body).toMatchObject({ length: 600, nextCursor: null });
    expect((zset.body.value as unknown[]).length).toBe(100);

    const fields = Array.from({ length: 1500 }, (_, i) => [`f${i}`, `v${i}`]).flat();
    await redis.hset('big:hash', ...fields);
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const answer: { body: ValueAnswer } = await keyValue({ key: 'big:hash', ...(cursor ? { cursor } : {}) });
      for (const entry of answer.body.value as { field: string }[]) seen.add(entry.field);
      cursor = answer.body.nextCursor;
    } while (cursor);
    expect(seen.size).toBe(1500);

    for (let i = 0; i < 1100; i++) await redis.xadd('big:stream', `${i + 1}-0`, 'n', String(i));
    const streamIds: string[] = [];
    cursor = null;
    do {
      const answer: { body: ValueAnswer } = await keyValue({ key: 'big:stream', ...(cursor ? { cursor } : {}) });
      streamIds.push(...(answer.body.value as { id: string }[]).map((entry) => entry.id));
      cursor = answer.body.nextCursor;
    } while (cursor);
    expect(streamIds).toEqual(Array.from({ length: 1100 }, (_, i) => `${i + 1}-0`));

    // 100,000 characters of two and three bytes: 250,000 bytes, so four pages cut between characters.
    const text = 'é€'.repeat(50_000);
    await redis.set('big:string', text);
    let read = '';
    let pages = 0;
    cursor = null;
    do {
      const answer: { body: ValueAnswer } = await keyValue({ key: 'big:string', ...(cursor ? { cursor } : {}) });
      expect(answer.body.length).toBe(Buffer.byteLength(text));
      expect(typeof answer.body.value).toBe('string');
      expect(Buffer.byteLength(answer.body.value as string)).toBeLessThanOrEqual(65_536);
      read += answer.body.value as string;
      cursor = answer.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(read).toBe(text);
  });

  it('keeps keys and values binary-safe: spaces, unicode, newlines and bytes that are not UTF-8 round-trip', async () => {
    const binary = Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x0a]);
    const textKeys = ['with space', 'ünïcødé ✓ 🐉', 'line\nbreak\ttab'];
    for (const key of textKeys) expect((await create({ key, type: 'string', value: `value of ${key}` })).status).toBe(200);
    const made = await create({ key: binary.toString('hex'), keyEncoding: 'hex', type: 'string', value: { hex: 'c328ff' } });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ key: 'fffe00410a', keyEncoding: 'hex' });

    // What Redis itself holds.
    expect(await redis.get('ünïcødé ✓ 🐉')).toBe('value of ünïcødé ✓ 🐉');
    expect((await redis.getBuffer(binary))!.toString('hex')).toBe('c328ff');

    const { body } = await keys({});
    expect(body.entries.map((entry) => [entry.key, entry.keyEncoding]).sort()).toEqual(
      [...textKeys.map((key) => [key, 'utf8']), ['fffe00410a', 'hex']].sort(),
    );
    for (const key of textKeys) {
      expect((await keyValue({ key })).body).toMatchObject({ key, keyEncoding: 'utf8', value: `value of ${key}` });
    }
    const value = await keyValue({ key: 'fffe00410a', keyEncoding: 'hex' });
    expect(value.body).toMatchObject({ type: 'string', value: { hex: 'c328ff' }, length: 3 });

    await redis.hset(Buffer.from('bin:hash'), Buffer.from([0x80]), Buffer.from([0x81, 0x00]));
    expect((await keyValue({ key: 'bin:hash' })).body.value).toEqual([{ field: { hex: '80' }, value: { hex: '8100' } }]);
    const edited = await put('key', {
      key: 'bin:hash',
      database: DB,
      edit: { op: 'hash-set', field: { hex: '80' }, value: { hex: '00ff' } },
    });
    expect(edited.status).toBe(200);
    expect((await redis.hgetBuffer('bin:hash', Buffer.from([0x80])))!.toString('hex')).toBe('00ff');

    const deleted = await owner.request(
      'DELETE',
      `${BASE}/key?${query({ key: 'fffe00410a', keyEncoding: 'hex', database: DB })}`,
    );
    expect(deleted.status).toBe(200);
    expect(await redis.exists(binary)).toBe(0);
    const badHex = await keyValue({ key: 'xyz', keyEncoding: 'hex' });
    expect(badHex.status).toBe(400);
    expect((badHex.body as unknown as Refusal).error).toBe(REDIS_MESSAGES.invalidHex);
  });

  it('sets a TTL and removes it (-1 or null), refusing 0', async () => {
    await redis.set('ttl:key', 'v');
    const set = await put('ttl', { key: 'ttl:key', ttl: 120, database: DB });
    expect(set.status).toBe(200);
    expect(set.body.ttl).toBe(120);
    expect(await redis.ttl('ttl:key')).toBeGreaterThan(115);
    expect((await keyValue({ key: 'ttl:key' })).body.ttl).toBeGreaterThan(115);

    expect((await put('ttl', { key: 'ttl:key', ttl: -1, database: DB })).body.ttl).toBe(-1);
    expect(await redis.ttl('ttl:key')).toBe(-1);
    await redis.expire('ttl:key', 50);
    expect((await put('ttl', { key: 'ttl:key', ttl: null, database: DB })).status).toBe(200);
    expect(await redis.ttl('ttl:key')).toBe(-1);

    const zero = await put('ttl', { key: 'ttl:key', ttl: 0, database: DB });
    expect(zero.status).toBe(400);
    expect(zero.body.error).toBe(REDIS_MESSAGES.invalidTtl);
    expect(await redis.exists('ttl:key')).toBe(1);
  });

  it("replaces a string's value keeping its TTL, and edits hash fields, list items, set and zset members", async () => {
    await redis.set('e:string', 'old', 'EX', 500);
    expect((await put('key', { key: 'e:string', value: 'new', database: DB })).status).toBe(200);
    expect(await redis.get('e:string')).toBe('new');
    expect(await redis.ttl('e:string')).toBeGreaterThan(490);

    await redis.hset('e:hash', 'a', '1', 'b', '2');
    await put('key', { key: 'e:hash', database: DB, edit: { op: 'hash-set', field: 'a', value: '10' } });
    await put('key', { key: 'e:hash', database: DB, edit: { op: 'hash-delete', field: 'b' } });
    expect(await redis.hgetall('e:hash')).toEqual({ a: '10' });

    await redis.rpush('e:list', 'a', 'b', 'c');
    await put('key', { key: 'e:list', database: DB, edit: { op: 'list-set', index: 1, value: 'B' } });
    await put('key', { key: 'e:list', database: DB, edit: { op: 'list-remove', index: 0 } });
    await put('key', { key: 'e:list', database: DB, edit: { op: 'list-push', value: 'z', end: 'head' } });
    expect(await redis.lrange('e:list', 0, -1)).toEqual(['z', 'B', 'c']);
    const outOfRange = await put('key', { key: 'e:list', database: DB, edit: { op: 'list-set', index: 9, value: 'x' } });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.error).toBe(REDIS_MESSAGES.listIndexOutOfRange(9));

    await redis.sadd('e:set', 'a');
    await put('key', { key: 'e:set', database: DB, edit: { op: 'set-add', member: 'b' } });
    await put('key', { key: 'e:set', database: DB, edit: { op: 'set-remove', member: 'a' } });
    expect(await redis.smembers('e:set')).toEqual(['b']);

    await redis.zadd('e:zset', 1, 'a');
    await put('key', { key: 'e:zset', database: DB, edit: { op: 'zset-add', member: 'top', score: 'inf' } });
    await put('key', { key: 'e:zset', database: DB, edit: { op: 'zset-add', member: 'a', score: 2.5 } });
    expect(await redis.zrange('e:zset', 0, -1, 'WITHSCORES')).toEqual(['a', '2.5', 'top', 'inf']);
    await put('key', { key: 'e:zset', database: DB, edit: { op: 'zset-remove', member: 'a' } });
    expect(await redis.zrange('e:zset', 0, -1)).toEqual(['top']);

    // A string value on a hash is refused (the hash stays), an edit of a missing key is a 404, an empty value a 400.
    const wrongType = await put('key', { key: 'e:hash', value: 'flat', database: DB });
    expect(wrongType.status).toBe(409);
    expect(wrongType.body.error).toBe(REDIS_MESSAGES.wrongType('e:hash', 'hash', 'string'));
    expect(await redis.type('e:hash')).toBe('hash');
    const missing = await put('key', { key: 'e:none', value: 'x', database: DB });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(REDIS_MESSAGES.keyNotFound('e:none'));
    const empty = await put('key', { key: 'e:string', value: '', database: DB });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(REDIS_MESSAGES.noKeyOrValue);
  });

  it('creates keys of every type with a TTL, never overwriting one', async () => {
    const never = await create({ key: 'c:never', type: 'string', value: 'v', ttl: -1 });
    expect(never.status).toBe(400);
    expect(never.body.error).toBe(REDIS_MESSAGES.invalidNewKeyTtl);
    expect((await create({ key: 'c:string', type: 'string', value: 'v', ttl: 60 })).status).toBe(200);
    expect(await redis.ttl('c:string')).toBeGreaterThan(55);
    await create({ key: 'c:hash', type: 'hash', value: [{ field: 'f', value: 'v' }] });
    await create({ key: 'c:list', type: 'list', value: ['a', 'b'] });
    await create({ key: 'c:set', type: 'set', value: ['a', 'b', 'a'] });
    await create({ key: 'c:zset', type: 'zset', value: [{ member: 'm', score: 3 }] });
    expect(await redis.hgetall('c:hash')).toEqual({ f: 'v' });
    expect(await redis.lrange('c:list', 0, -1)).toEqual(['a', 'b']);
    expect(await redis.scard('c:set')).toBe(2);
    expect(await redis.zscore('c:zset', 'm')).toBe('3');
    expect(await redis.ttl('c:hash')).toBe(-1);

    const again = await create({ key: 'c:list', type: 'string', value: 'x' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(REDIS_MESSAGES.keyExists('c:list'));
    expect(await redis.type('c:list')).toBe('list');
    for (const body of [
      { key: ' ', type: 'string', value: 'x' },
      { key: 'k', type: 'string', value: '  ' },
      { key: 'k', type: 'list', value: [] },
    ]) {
      const refused = await create(body);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(REDIS_MESSAGES.keyAndValueRequired);
    }
  });

  it('deletes a key with UNLINK and answers 404 for a missing key everywhere', async () => {
    await redis.set('d:key', 'v');
    const deleted = await owner.request('DELETE', `${BASE}/key?${query({ key: 'd:key', database: DB })}`);
    expect(deleted.status).toBe(200);
    expect(await redis.exists('d:key')).toBe(0);
    const refusals = [
      await owner.request<Refusal>('DELETE', `${BASE}/key?${query({ key: 'd:key', database: DB })}`),
      await keyValue({ key: 'd:key' }),
      await put('ttl', { key: 'd:key', ttl: 10, database: DB }),
      await put('ttl', { key: 'd:key', ttl: -1, database: DB }),
      await put('key', { key: 'd:key', database: DB, edit: { op: 'set-add', member: 'x' } }),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(404);
      expect((answer.body as Refusal).error).toBe(REDIS_MESSAGES.keyNotFound('d:key'));
    }
  });

  /** The first step of a flush: a confirmation token for this admin and database. */
  const confirmFlush = (database: number, client = owner) =>
    client.post<Refusal & { token: string; expiresAt: string; database: number }>(`${BASE}/flush/confirmation`, { database });
  const flush = (database: number | string, token?: string, client = owner) =>
    client.request<Refusal & { deletedKeys: number }>('DELETE', `${BASE}/flush?database=${database}`, {
      ...(token === undefined ? {} : { body: { token } }),
    });

  it('flushes one database with a confirmation token, leaving the others; the tiles show the counts of all 16', async () => {
    await redis.mset('f:a', '1', 'f:b', '2');
    await other.mset('o:a', '1', 'o:b', '2', 'o:c', '3');
    const tiles = await owner.get<{ databases: { database: number; keys: number }[] }>(`${BASE}/databases`);
    expect(tiles.status).toBe(200);
    expect(tiles.body.databases.map((tile) => tile.database)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    expect(tiles.body.databases[DB]!.keys).toBe(2);
    expect(tiles.body.databases[OTHER_DB]!.keys).toBe(3);

    const confirmation = await confirmFlush(OTHER_DB);
    expect(confirmation.status).toBe(200);
    expect(confirmation.body).toMatchObject({
      database: OTHER_DB,
      message: REDIS_MESSAGES.flushConfirmationIssued(OTHER_DB, 120),
    });
    expect(Date.parse(confirmation.body.expiresAt) - Date.now()).toBeLessThanOrEqual(120_000);
    const appKeysBefore = await server.app.services.redis!.client.dbsize();
    const flushed = await flush(OTHER_DB, confirmation.body.token);
    expect(flushed.status).toBe(200);
    expect(flushed.body.deletedKeys).toBe(3);
    expect(await other.dbsize()).toBe(0);
    expect(await redis.dbsize()).toBe(2);
    // The spent token left the app's database with the flush's other traces only.
    expect(await server.app.services.redis!.client.dbsize()).toBeGreaterThanOrEqual(appKeysBefore - 1);

    const noDatabase = await flush('', (await confirmFlush(OTHER_DB)).body.token);
    expect(noDatabase.status).toBe(400);
    expect(noDatabase.body.error).toBe(REDIS_MESSAGES.invalidDatabase);
  });

  it('flushes only with a token: none, a wrong, spent, expired or other database or admin one is refused', async () => {
    await redis.mset('f:a', '1', 'f:b', '2');
    // Another deployment's keys in the same database, under another prefix.
    await raw.mset('other-deployment:session:1', 'theirs', 'plain-key', 'theirs too');
    const refusedWith = async (answer: { status: number; body: Refusal }, message: string) => {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(message);
      expect(await redis.dbsize()).toBe(4);
    };

    // The one-step flush of old: no token, an empty one, an empty body.
    await refusedWith(await flush(DB), REDIS_MESSAGES.flushTokenRequired);
    await refusedWith(await flush(DB, ''), REDIS_MESSAGES.flushTokenRequired);
    await refusedWith(
      await owner.request<Refusal>('DELETE', `${BASE}/flush?database=${DB}`, { body: {} }),
      REDIS_MESSAGES.flushTokenRequired,
    );
    await refusedWith(await flush(DB, 'made-up-token'), REDIS_MESSAGES.flushTokenInvalid);

    // A token names one database.
    const forOther = (await confirmFlush(OTHER_DB)).body.token;
    await refusedWith(await flush(DB, forOther), REDIS_MESSAGES.flushTokenInvalid);

    // And one admin: another full-access admin cannot use it, and trying does not spend it.
    const token = (await confirmFlush(DB)).body.token;
    const colleague = await createTestAdmin(server.app, { role: 'admin' });
    const colleagueClient = new HttpClient(server.url);
    expect((await colleagueClient.signIn(colleague.username, colleague.password)).status).toBe(200);
    await refusedWith(await flush(DB, token, colleagueClient), REDIS_MESSAGES.flushTokenInvalid);

    // It expires: this one is made to expire now, as two minutes passing would.
    const expiring = (await confirmFlush(DB)).body.token;
    const appRedis = server.app.services.redis!.client;
    const stored = await appRedis.keys(`${prefix}redis-manager:flush-confirmation:*`);
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const key of stored) {
      const ttl = await appRedis.ttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(120);
      // The stored key holds the token's hash, never the token.
      expect(key).not.toContain(token);
      expect(key).not.toContain(expiring);
    }
    const { createHash } = await import('node:crypto');
    await appRedis.pexpire(`${prefix}redis-manager:flush-confirmation:${createHash('sha256').update(expiring).digest('hex')}`, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await refusedWith(await flush(DB, expiring), REDIS_MESSAGES.flushTokenInvalid);

    // The right one flushes the keys under the prefix only; another deployment's keys survive. It serves once.
    const flushed = await flush(DB, token);
    expect(flushed.status).toBe(200);
    expect(flushed.body.deletedKeys).toBe(2);
    expect((await raw.keys('*')).sort()).toEqual(['other-deployment:session:1', 'plain-key']);
    expect(await raw.get('plain-key')).toBe('theirs too');
    const again = await flush(DB, token);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(REDIS_MESSAGES.flushTokenInvalid);

    // A token is for full-access admins only, as the flush is.
    const operator = await createTestAdmin(server.app, { role: 'operator' });
    const operatorClient = new HttpClient(server.url);
    await operatorClient.signIn(operator.username, operator.password);
    expect((await confirmFlush(DB, operatorClient)).status).toBe(403);
  });

  it("reaches only keys under REDIS_PREFIX: another deployment's keys are not listed, read, edited or deleted", async () => {
    await redis.set('ours', 'v');
    await raw.set('other-deployment:secret', 'theirs');
    await raw.hset('other-deployment:hash', 'f', 'theirs');
    await raw.set('plain', 'theirs');
    const before = await raw.dump('other-deployment:secret');

    // Listed relative to the prefix, and only ours, whatever the pattern.
    for (const pattern of ['*', 'other-deployment:*', '*secret*', '\\*', '[o]*', '?*']) {
      const listed = await keys({ pattern });
      expect(listed.status).toBe(200);
      expect(listed.body.entries.map((entry) => entry.key)).toEqual(
        pattern === '*' || pattern === '[o]*' || pattern === '?*' ? ['ours'] : [],
      );
    }
    // A foreign key's name reaches the prefixed key of that name: missing, so 404 everywhere; the foreign key untouched.
    for (const name of ['other-deployment:secret', 'plain', `${prefix}ours`]) {
      const refusals = [
        await keyValue({ key: name }),
        await put('key', { key: name, value: 'overwritten', database: DB }),
        await put('ttl', { key: name, ttl: 5, database: DB }),
        await put('ttl', { key: name, ttl: -1, database: DB }),
        await owner.request<Refusal>('DELETE', `${BASE}/key?${query({ key: name, database: DB })}`),
      ];
      for (const answer of refusals) {
        expect(answer.status).toBe(404);
        expect((answer.body as Refusal).error).toBe(REDIS_MESSAGES.keyNotFound(name));
      }
    }
    const hashEdit = await put('key', {
      key: 'other-deployment:hash',
      database: DB,
      edit: { op: 'hash-set', field: 'f', value: 'mine' },
    });
    expect(hashEdit.status).toBe(404);
    const hexName = await keyValue({ key: Buffer.from('plain').toString('hex'), keyEncoding: 'hex' });
    expect(hexName.status).toBe(404);

    // Creating that name makes our own key; theirs stays as it was.
    expect((await create({ key: 'other-deployment:secret', type: 'string', value: 'ours now' })).status).toBe(200);
    expect(await redis.get('other-deployment:secret')).toBe('ours now');
    expect(await raw.get('other-deployment:secret')).toBe('theirs');

    // Delete by pattern, even '*', deletes ours only.
    const all = await owner.post<{ matched: number; deleted: number }>(`${BASE}/delete-by-pattern`, {
      pattern: '*',
      database: DB,
      dryRun: false,
    });
    expect(all.body).toMatchObject({ matched: 2, deleted: 2 });
    expect((await raw.keys('*')).sort()).toEqual(['other-deployment:hash', 'other-deployment:secret', 'plain']);
    expect(await raw.dump('other-deployment:secret')).toEqual(before);
    expect(await raw.ttl('plain')).toBe(-1);
    expect(await raw.hget('other-deployment:hash', 'f')).toBe('theirs');
  });

  it('deletes by pattern after a dry run that only counts', async () => {
    await redis.mset(...Array.from({ length: 30 }, (_, i) => [`session:${i}`, 'x']).flat(), 'keep:me', 'y');
    const post = (dryRun: boolean) =>
      owner.post<{ matched: number; deleted: number; message: string }>(`${BASE}/delete-by-pattern`, {
        pattern: 'session:*',
        database: DB,
        dryRun,
      });
    const dry = await post(true);
    expect(dry.body).toMatchObject({ matched: 30, deleted: 0, message: '30 keys match session:*' });
    expect(await redis.dbsize()).toBe(31);
    const real = await post(false);
    expect(real.body).toMatchObject({ deleted: 30, message: '30 keys matching session:* deleted' });
    expect(await redis.keys('*')).toEqual([`${prefix}keep:me`]);
  });

  it('reports statistics and info, keys counted from INFO keyspace', async () => {
    await redis.mset('s:a', '1', 's:b', '2');
    const stats = await owner.get<Record<string, unknown>>(`${BASE}/stats?database=${DB}`);
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({
      database_keys: 2,
      redis_version: expect.stringMatching(/^\d+\.\d+/),
      used_memory_human: expect.stringMatching(/\d/),
      used_memory_rss_human: expect.stringMatching(/\d/),
      connected_clients: expect.any(Number),
      uptime_in_seconds: expect.any(Number),
      uptime_in_days: expect.any(Number),
      instantaneous_ops_per_sec: expect.any(Number),
    });
    expect(stats.body.total_keys).toBeGreaterThanOrEqual(2);

    const info = await owner.get<{
      server: Record<string, string>;
      memory: Record<string, string>;
      keyspace: Record<string, { keys: number }>;
      app: unknown;
    }>(`${BASE}/info`);
    expect(info.body.server.redis_version).toMatch(/^\d/);
    expect(info.body.memory.used_memory).toMatch(/^\d+$/);
    expect(Object.keys(info.body.keyspace)).toHaveLength(16);
    expect(info.body.keyspace[`db${DB}`]!.keys).toBe(2);
    expect(info.body.app).toEqual({ prefix: environment.env.REDIS_PREFIX, database: 0 });
  });

  it('refuses a database outside 0-15 with a clear 400', async () => {
    for (const database of ['16', '-1', 'abc', '1.5']) {
      for (const path of [`keys?database=${database}`, `key-value?key=k&database=${database}`, `stats?database=${database}`]) {
        const answer = await owner.get<Refusal>(`${BASE}/${path}`);
        expect(answer.status).toBe(400);
        expect(answer.body.error).toBe(REDIS_MESSAGES.invalidDatabase);
      }
      expect((await flush(database, 'any-token')).status).toBe(400);
      const confirmation = await owner.post<Refusal>(`${BASE}/flush/confirmation`, { database });
      expect(confirmation.status).toBe(400);
      expect(confirmation.body.error).toBe(REDIS_MESSAGES.invalidDatabase);
    }
    for (const answer of [
      await put('ttl', { key: 'k', ttl: 5, database: 16 }),
      await put('key', { key: 'k', value: 'v', database: 16 }),
      await create({ key: 'k', type: 'string', value: 'v', database: -1 }),
      await owner.post<Refusal>(`${BASE}/delete-by-pattern`, { pattern: '*', database: 16, dryRun: true }),
      await owner.request<Refusal>('DELETE', `${BASE}/key?key=k&database=16`),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(REDIS_MESSAGES.invalidDatabase);
    }
  });

  it('audits every write with who, what and which key', async () => {
    await redis.set('a:key', 'v');
    await put('ttl', { key: 'a:key', ttl: 30, database: DB });
    await put('key', { key: 'a:key', value: 'w', database: DB });
    await create({ key: 'a:new', type: 'string', value: 'n' });
    await owner.request('DELETE', `${BASE}/key?${query({ key: 'a:new', database: DB })}`);
    await owner.post(`${BASE}/delete-by-pattern`, { pattern: 'a:*', database: DB, dryRun: false });
    await flush(OTHER_DB, (await confirmFlush(OTHER_DB)).body.token);
    const rows = await sql<{ action: string; target_id: string; actor_name: string }>(
      server.app,
      "SELECT action, target_id, actor_name FROM audit_log WHERE action LIKE 'redis.%' ORDER BY created_at, id",
    );
    // The key as Redis holds it, prefix and all.
    expect(rows.slice(-6).map((row) => [row.action, row.target_id])).toEqual([
      ['redis.ttl_set', `${DB}:${prefix}a:key`],
      ['redis.key_updated', `${DB}:${prefix}a:key`],
      ['redis.key_created', `${DB}:${prefix}a:new`],
      ['redis.key_deleted', `${DB}:${prefix}a:new`],
      ['redis.matching_keys_deleted', String(DB)],
      ['redis.database_flushed', String(OTHER_DB)],
    ]);
    expect(new Set(rows.map((row) => row.actor_name))).toEqual(new Set(['owner']));
  });

  it('refuses an admin without admin.full_access (403) and a signed-out caller (401)', async () => {
    await redis.set('guarded', 'v');
    const admin = await createTestAdmin(server.app, { role: 'operator' });
    const client = new HttpClient(server.url);
    await client.signIn(admin.username, admin.password);
    expect((await client.get(`${BASE}/keys?database=${DB}`)).status).toBe(403);
    expect((await client.get(`${BASE}/stats`)).status).toBe(403);
    expect((await client.request('DELETE', `${BASE}/key?key=guarded&database=${DB}`)).status).toBe(403);
    expect((await client.request('DELETE', `${BASE}/flush?database=${DB}`)).status).toBe(403);
    expect((await new HttpClient(server.url).get(`${BASE}/keys`)).status).toBe(401);
    expect(await redis.get('guarded')).toBe('v');
  });
});

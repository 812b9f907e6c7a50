import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bucketSecondsFor, countLogLevels } from './log-stats';

const HOUR = 3_600_000;

describe('bucketSecondsFor', () => {
  it('splits the usual ranges into 48 to 96 readable buckets', () => {
    expect(bucketSecondsFor(24 * HOUR)).toBe(1800);
    expect(bucketSecondsFor(HOUR)).toBe(60);
    expect(bucketSecondsFor(6 * HOUR)).toBe(300);
    expect(bucketSecondsFor(7 * 24 * HOUR)).toBe(7200);
    for (const span of [HOUR, 6 * HOUR, 24 * HOUR, 7 * 24 * HOUR, 30 * 24 * HOUR]) {
      const buckets = span / 1000 / bucketSecondsFor(span);
      expect(buckets).toBeGreaterThanOrEqual(48);
      expect(buckets).toBeLessThanOrEqual(96);
    }
  });
});

describe('countLogLevels', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('counts lines by level per bucket within the range, skipping files last written before it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'log-stats-'));
    dirs.push(dir);
    const from = Date.UTC(2026, 0, 1);
    const to = from + HOUR;
    const line = (level: number, time: number) => JSON.stringify({ level, time, msg: 'x' });
    const file = path.join(dir, 'a.log');
    await writeFile(
      file,
      [line(30, from - 1), line(30, from), line(50, from + 30_000), line(30, from + 61_000), line(40, to), 'garbage', ''].join(
        '\n',
      ),
    );
    const info = await stat(file);
    const stored = { name: 'a.log', path: file, number: 1, size: info.size, modifiedAt: new Date(to) };
    const counts = await countLogLevels([stored], from, to);
    expect(counts.bucketSeconds).toBe(60);
    expect(counts.buckets).toHaveLength(60);
    expect(counts.buckets[0]).toEqual({ time: new Date(from).toISOString(), counts: { info: 1, error: 1 } });
    expect(counts.buckets[1]?.counts).toEqual({ info: 1 });
    expect(counts.totals).toEqual({ info: 2, error: 1 });

    const old = await countLogLevels([{ ...stored, modifiedAt: new Date(from - 1) }], from, to);
    expect(old.totals).toEqual({});
  });
});

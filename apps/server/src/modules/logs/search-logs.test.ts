import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredLogFile } from '../../core/logs/log-files';
import { searchLogFiles } from './search-logs';

// Three files, oldest to newest, of 700 lines each: line n at time T0 + n seconds, every third one a warning.
const T0 = Date.UTC(2026, 0, 1);
const PER_FILE = 700;
let dir = '';
let files: StoredLogFile[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'log-search-'));
  files = [];
  for (let number = 1; number <= 3; number++) {
    const lines: string[] = [];
    for (let i = 0; i < PER_FILE; i++) {
      const n = (number - 1) * PER_FILE + i;
      lines.push(JSON.stringify({ level: n % 3 === 0 ? 40 : 30, time: T0 + n * 1000, msg: `line ${n}`, n }));
    }
    const file = path.join(dir, `g.${number}.log`);
    await writeFile(file, `${lines.join('\n')}\n`);
    files.unshift({
      name: `g.${number}.log`,
      path: file,
      number,
      size: 0,
      modifiedAt: new Date(T0 + (number * PER_FILE - 1) * 1000),
    });
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const numbers = (entries: { fields: Record<string, unknown> }[]) => entries.map((entry) => entry.fields.n);
const range = (first: number, count: number) => Array.from({ length: count }, (_, i) => first - i);

describe('searchLogFiles', () => {
  it('pages newest first across files', async () => {
    const first = await searchLogFiles(files, { page: 1, pageSize: 5 }, 'me');
    expect(numbers(first.entries)).toEqual(range(2099, 5));
    expect(first.hasMore).toBe(true);
    expect(first.scannedFiles).toBe(1);

    // Page 2 of 500 crosses from the newest file into the middle one.
    const crossing = await searchLogFiles(files, { page: 2, pageSize: 500 }, 'me');
    expect(numbers(crossing.entries)).toEqual(range(1599, 500));
    expect(crossing.scannedFiles).toBe(2);
  });

  it('reaches a deep page (two passes over a file) and ends with hasMore false', async () => {
    const deep = await searchLogFiles(files, { page: 5, pageSize: 400 }, 'me');
    expect(numbers(deep.entries)).toEqual(range(499, 400));
    expect(deep.hasMore).toBe(true);
    const last = await searchLogFiles(files, { page: 6, pageSize: 400 }, 'me');
    expect(numbers(last.entries)).toEqual(range(99, 100));
    expect(last.hasMore).toBe(false);
  });

  it('filters by level, text and time range, skipping files written before the range', async () => {
    const warnings = await searchLogFiles(files, { level: 'warn', page: 1, pageSize: 3 }, 'me');
    expect(numbers(warnings.entries)).toEqual([2097, 2094, 2091]);

    const text = await searchLogFiles(files, { q: 'LINE 150', page: 1, pageSize: 20 }, 'me');
    expect(numbers(text.entries)).toEqual([1509, 1508, 1507, 1506, 1505, 1504, 1503, 1502, 1501, 1500, 150]);

    const window = await searchLogFiles(files, { from: T0 + 1500 * 1000, to: T0 + 1502 * 1000, page: 1, pageSize: 10 }, 'me');
    expect(numbers(window.entries)).toEqual([1502, 1501, 1500]);
    // The two older files were last written before the range: not read.
    expect(window.scannedFiles).toBe(1);
    expect(window.hasMore).toBe(false);

    const spanning = await searchLogFiles(files, { from: T0 + 1398 * 1000, to: T0 + 1401 * 1000, page: 1, pageSize: 10 }, 'me');
    expect(numbers(spanning.entries)).toEqual([1401, 1400, 1399, 1398]);
    expect(spanning.scannedFiles).toBe(2);
  });
});

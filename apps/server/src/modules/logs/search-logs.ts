import { LOG_LIMITS, type LogEntry, type LogFilter } from '@guildhall/contract';
import { entryMatcher, lineHead, parseLogLine } from '../../core/logs/log-entry';
import type { StoredLogFile } from '../../core/logs/log-files';
import { LogRing } from '../../core/logs/log-ring';
import { readLogLines } from './read-log-lines';

/** A search over the files: filters, an optional time range (epoch ms, inclusive) and a page, newest first. */
export interface LogSearch extends LogFilter {
  from?: number;
  to?: number;
  page: number;
  pageSize: number;
}

/** One page of matches. */
export interface LogSearchPage {
  entries: LogEntry[];
  hasMore: boolean;
  scannedFiles: number;
}

// A file holding at most this many of the wanted matches is read once, keeping its newest matches in a ring; a
// deeper page reads the file twice (count, then pick) so memory stays within a page whatever the page number.
const ONE_PASS_MATCHES = 2 * LOG_LIMITS.searchMaxPageSize + 1;

/**
 * Reads the files from the newest back, streaming each, and keeps only the matches of the requested page (plus one,
 * to tell whether there is more). Files last written before `from` are skipped unread.
 */
export async function searchLogFiles(
  files: readonly StoredLogFile[],
  search: LogSearch,
  instance: string,
): Promise<LogSearchPage> {
  const start = (search.page - 1) * search.pageSize;
  const end = start + search.pageSize + 1;
  const { minLevel, matches } = entryMatcher(search);
  const from = search.from ?? Number.NEGATIVE_INFINITY;
  const to = search.to ?? Number.POSITIVE_INFINITY;
  // Text without characters JSON escapes appears as it is in the raw line: lines without it are skipped unparsed.
  const rawText = search.q && JSON.stringify(search.q) === `"${search.q}"` ? search.q.toLowerCase() : null;

  // Calls onMatch with each match of a file, oldest first, up to `limit` of them; returns how many it saw.
  const scan = async (filePath: string, onMatch: (entry: LogEntry) => void, limit = Number.POSITIVE_INFINITY) => {
    let count = 0;
    await readLogLines(filePath, (line) => {
      const head = lineHead(line);
      if (head && (head.level < minLevel || head.time < from || head.time > to)) return true;
      if (rawText !== null && !line.toLowerCase().includes(rawText)) return true;
      const entry = parseLogLine(line, instance);
      if (!entry || !matches(entry)) return true;
      const time = Date.parse(entry.time);
      if (time < from || time > to) return true;
      onMatch(entry);
      count += 1;
      return count < limit;
    });
    return count;
  };

  const picked: LogEntry[] = [];
  let newer = 0; // matches in the files read so far (all newer than the current one)
  let scannedFiles = 0;
  for (const file of files) {
    if (newer >= end) break;
    if (file.modifiedAt.getTime() < from) continue;
    scannedFiles += 1;
    const wanted = end - newer;
    if (wanted <= ONE_PASS_MATCHES) {
      const tail = new LogRing<LogEntry>(wanted);
      const count = await scan(file.path, (entry) => tail.push(entry));
      tail
        .newest(wanted)
        .reverse()
        .forEach((entry, back) => {
          if (newer + back >= start) picked.push(entry);
        });
      newer += count;
    } else {
      const count = await scan(file.path, () => undefined);
      // The i-th match from the start is number newer + count - 1 - i, newest first; lines appended since the
      // count are past `count` and left for the next search.
      const window: LogEntry[] = [];
      let index = 0;
      if (count > 0)
        await scan(
          file.path,
          (entry) => {
            const position = newer + count - 1 - index;
            index += 1;
            if (position >= start && position < end) window.push(entry);
          },
          count,
        );
      picked.push(...window.reverse());
      newer += count;
    }
  }
  return { entries: picked.slice(0, search.pageSize), hasMore: picked.length > search.pageSize, scannedFiles };
}

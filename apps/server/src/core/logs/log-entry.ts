import { LOG_LEVEL_VALUES, LOG_LEVELS, type LogEntry, type LogFilter, type LogLevel } from '@guildhall/contract';

// What pino puts on every line and LogEntry carries in fields of its own.
const OWN_KEYS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'instance', 'reqId', 'source']);

/** The level name of pino's number: between two names, the lower one (pino's custom levels do not occur here). */
export function levelName(value: number): LogLevel {
  let name: LogLevel = 'trace';
  for (const level of LOG_LEVELS) if (value >= LOG_LEVEL_VALUES[level]) name = level;
  return name;
}

/** One pino line as the console shows it; `instance` names the process when the line does not. */
export function toLogEntry(line: Record<string, unknown>, instance: string): LogEntry {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(line)) if (!OWN_KEYS.has(key)) fields[key] = value;
  const requestId = line.reqId === undefined || line.reqId === null ? null : String(line.reqId);
  const time = typeof line.time === 'number' || typeof line.time === 'string' ? new Date(line.time) : new Date(Number.NaN);
  return {
    time: Number.isNaN(time.getTime()) ? new Date(0).toISOString() : time.toISOString(),
    level: levelName(typeof line.level === 'number' ? line.level : LOG_LEVEL_VALUES.info),
    source: requestId !== null ? 'http' : typeof line.source === 'string' ? line.source : 'app',
    message: typeof line.msg === 'string' ? line.msg : '',
    requestId,
    instance: typeof line.instance === 'string' ? line.instance : instance,
    fields,
  };
}

/** A line of a log file, or null for one that is not a pino object (a line cut short by a crash). */
export function parseLogLine(text: string, instance: string): LogEntry | null {
  if (!text.startsWith('{')) return null;
  try {
    const line: unknown = JSON.parse(text);
    return typeof line === 'object' && line !== null && !Array.isArray(line)
      ? toLogEntry(line as Record<string, unknown>, instance)
      : null;
  } catch {
    return null;
  }
}

// pino writes level and time first, so a file scan can skip a line by time or level before parsing it.
const HEAD = /^\{"level":(\d+),"time":(\d+)/;

/** The level number and epoch milliseconds of a pino line, read from its start without parsing it; null if not there. */
export function lineHead(text: string): { level: number; time: number } | null {
  const head = HEAD.exec(text);
  return head ? { level: Number(head[1]), time: Number(head[2]) } : null;
}

/** A filter prepared once for many lines: lower-cased text, the level's number. */
export interface EntryMatcher {
  minLevel: number;
  matches(entry: LogEntry): boolean;
}

// The lower-cased text `q` looks in, made once per entry however many tails filter it.
const searchableText = new WeakMap<LogEntry, string>();

function textOf(entry: LogEntry): string {
  let text = searchableText.get(entry);
  if (text === undefined) {
    text = `${entry.message}\n${JSON.stringify(entry.fields)}`.toLowerCase();
    searchableText.set(entry, text);
  }
  return text;
}

/** Whether a line passes the filters: at least the level, the source, the request, the text in message or fields. */
export function entryMatcher(filter: LogFilter): EntryMatcher {
  const minLevel = filter.level ? LOG_LEVEL_VALUES[filter.level] : 0;
  const source = filter.source ? filter.source.toLowerCase() : null;
  const requestId = filter.requestId || null;
  const text = filter.q ? filter.q.toLowerCase() : null;
  return {
    minLevel,
    matches(entry) {
      if (LOG_LEVEL_VALUES[entry.level] < minLevel) return false;
      if (source !== null && entry.source.toLowerCase() !== source) return false;
      if (requestId !== null && entry.requestId !== requestId) return false;
      return text === null || textOf(entry).includes(text);
    },
  };
}

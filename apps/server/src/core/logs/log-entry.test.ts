import { describe, expect, it } from 'vitest';
import { entryMatcher, levelName, lineHead, parseLogLine, toLogEntry } from './log-entry';

const requestLine = {
  level: 30,
  time: Date.UTC(2026, 0, 2, 3, 4, 5),
  pid: 1,
  hostname: 'h',
  instance: 'web-1',
  reqId: 'req-7',
  method: 'POST',
  url: '/api/x',
  statusCode: 201,
  msg: 'request',
};

describe('toLogEntry', () => {
  it('maps a request line: http source, request id, ISO time and the remaining fields', () => {
    expect(toLogEntry(requestLine, 'fallback')).toEqual({
      time: '2026-01-02T03:04:05.000Z',
      level: 'info',
      source: 'http',
      message: 'request',
      requestId: 'req-7',
      instance: 'web-1',
      fields: { method: 'POST', url: '/api/x', statusCode: 201 },
    });
  });

  it("takes the source binding, else 'app', and the process's instance when the line names none", () => {
    expect(toLogEntry({ level: 50, time: 0, msg: 'x', source: 'jobs' }, 'me')).toMatchObject({
      level: 'error',
      source: 'jobs',
      instance: 'me',
      requestId: null,
    });
    expect(toLogEntry({ level: 40, time: 0, msg: 'x' }, 'me').source).toBe('app');
  });
});

describe('levelName and lineHead', () => {
  it("names pino's numbers", () => {
    expect([10, 20, 30, 40, 50, 60].map(levelName)).toEqual(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);
  });

  it('reads level and time from the start of a line, and nothing from a line that does not start so', () => {
    expect(lineHead('{"level":40,"time":1700000000000,"msg":"x"}')).toEqual({ level: 40, time: 1_700_000_000_000 });
    expect(lineHead('{"msg":"x","level":40}')).toBeNull();
    expect(parseLogLine('{"level":30,"time":1', 'me')).toBeNull();
    expect(parseLogLine('not json', 'me')).toBeNull();
  });
});

describe('entryMatcher', () => {
  const entry = toLogEntry({ ...requestLine, level: 40, msg: 'Slow Request', detail: { route: '/api/Guilds' } }, 'me');

  it('passes a line at or above the level, of the source and request, with the text in message or fields', () => {
    expect(entryMatcher({}).matches(entry)).toBe(true);
    expect(entryMatcher({ level: 'warn' }).matches(entry)).toBe(true);
    expect(entryMatcher({ level: 'error' }).matches(entry)).toBe(false);
    expect(entryMatcher({ source: 'HTTP' }).matches(entry)).toBe(true);
    expect(entryMatcher({ source: 'app' }).matches(entry)).toBe(false);
    expect(entryMatcher({ requestId: 'req-7' }).matches(entry)).toBe(true);
    expect(entryMatcher({ requestId: 'req-70' }).matches(entry)).toBe(false);
    expect(entryMatcher({ q: 'slow request' }).matches(entry)).toBe(true);
    expect(entryMatcher({ q: 'api/guilds' }).matches(entry)).toBe(true);
    expect(entryMatcher({ q: 'nowhere' }).matches(entry)).toBe(false);
  });
});

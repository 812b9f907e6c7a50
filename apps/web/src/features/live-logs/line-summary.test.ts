import type { LogEntry } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { requestSummary } from './line-summary';

const entry = (fields: Record<string, unknown>): LogEntry => ({
  time: '2026-11-24T06:00:00.000Z',
  level: 'info',
  source: 'http',
  message: 'request',
  requestId: 'req-1',
  instance: 'test',
  fields,
});

describe('request summary', () => {
  it('names the method, path, status and time of a request line', () => {
    expect(requestSummary(entry({ method: 'POST', url: '/api/admin/users', statusCode: 201, ms: 12 }))).toBe(
      'POST /api/admin/users 201 · 12 ms',
    );
  });

  it('leaves out what the line does not have', () => {
    expect(requestSummary(entry({ method: 'GET', url: '/readyz' }))).toBe('GET /readyz');
  });

  it('is nothing for a line that is not about a request', () => {
    expect(requestSummary(entry({ sample: 3 }))).toBeNull();
    expect(requestSummary(entry({ method: 'GET', url: 42 }))).toBeNull();
  });
});

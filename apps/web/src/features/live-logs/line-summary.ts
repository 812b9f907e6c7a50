import type { LogEntry } from '@guildhall/contract';

/**
 * What a request line was about, from its fields: 'POST /api/admin/users 201 · 12 ms'. A request line's message is
 * only 'request'; without this a tail of them would read the same line after line. Null for other lines.
 */
export function requestSummary(entry: LogEntry): string | null {
  const { method, url, statusCode, ms } = entry.fields;
  if (typeof method !== 'string' || typeof url !== 'string') return null;
  const status = typeof statusCode === 'number' ? ` ${statusCode}` : '';
  const time = typeof ms === 'number' ? ` · ${ms} ms` : '';
  return `${method} ${url}${status}${time}`;
}

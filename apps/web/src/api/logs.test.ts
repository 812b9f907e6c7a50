import { describe, expect, it } from 'vitest';
import { logDownloadPath, logStreamUrl } from './logs';

describe('log API paths', () => {
  it('puts the tail filters in the stream URL, leaving empty ones out', () => {
    expect(logStreamUrl({})).toBe('/api/admin/logs/stream');
    expect(logStreamUrl({ level: 'warn', q: '  ', requestId: 'req-1' })).toBe(
      '/api/admin/logs/stream?level=warn&requestId=req-1',
    );
    expect(logStreamUrl({ q: 'a&b c' })).toBe('/api/admin/logs/stream?q=a%26b+c');
  });

  it('encodes the file name of a download', () => {
    expect(logDownloadPath('guildhall.1.log')).toBe('/api/admin/logs/download/guildhall.1.log');
    expect(logDownloadPath('../etc/passwd')).toBe('/api/admin/logs/download/..%2Fetc%2Fpasswd');
  });
});

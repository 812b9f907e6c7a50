import { describe, expect, it } from 'vitest';
import { buildLoginPath, safeReturnPath } from './login-path';

describe('buildLoginPath', () => {
  it('carries the original location', () => {
    expect(buildLoginPath('/admin/guilds?status=active')).toBe('/admin/login?from=%2Fadmin%2Fguilds%3Fstatus%3Dactive');
  });

  it('leaves out the dashboard and flags an expired session', () => {
    expect(buildLoginPath('/admin', { expired: true })).toBe('/admin/login?expired=1');
    expect(buildLoginPath()).toBe('/admin/login');
  });
});

describe('safeReturnPath', () => {
  it('accepts admin paths with their search', () => {
    expect(safeReturnPath('/admin/monitoring/logs?level=error')).toBe('/admin/monitoring/logs?level=error');
  });

  it('refuses other origins, other areas and the login page', () => {
    expect(safeReturnPath('//evil.example/admin')).toBe('/admin');
    expect(safeReturnPath('https://evil.example/admin')).toBe('/admin');
    expect(safeReturnPath('/administrator')).toBe('/admin');
    expect(safeReturnPath('/admin/login?from=/admin')).toBe('/admin');
    expect(safeReturnPath(null)).toBe('/admin');
  });
});

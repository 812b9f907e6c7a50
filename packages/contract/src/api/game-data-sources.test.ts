import { describe, expect, it } from 'vitest';
import { logsImportBody, reportCodeOf } from './game-data-sources';

describe('a Warcraft Logs report named by link or code', () => {
  it('finds the code in a report link, with or without a fight after it, or takes a bare code', () => {
    expect(reportCodeOf('https://www.warcraftlogs.com/reports/aB3dE5fG7hJ9kL1m')).toBe('aB3dE5fG7hJ9kL1m');
    expect(reportCodeOf('https://www.warcraftlogs.com/reports/aB3dE5fG7hJ9kL1m#fight=last&type=damage-done')).toBe(
      'aB3dE5fG7hJ9kL1m',
    );
    expect(reportCodeOf('https://classic.warcraftlogs.com/reports/aB3dE5fG7hJ9kL1m/')).toBe('aB3dE5fG7hJ9kL1m');
    expect(reportCodeOf('  aB3dE5fG7hJ9kL1m ')).toBe('aB3dE5fG7hJ9kL1m');
  });

  it('refuses what is not one: another site, a short code, a code with symbols', () => {
    expect(reportCodeOf('https://example.org/reports/aB3dE5fG7hJ9kL1m')).toBeNull();
    expect(reportCodeOf('aB3dE5fG')).toBeNull();
    expect(reportCodeOf('aB3dE5fG7hJ9kL1m; DROP TABLE')).toBeNull();
    expect(reportCodeOf('https://www.warcraftlogs.com/reports/aB3dE5fG7hJ9kL1mX')).toBeNull();
  });

  it('asks for a report or the latest ones', () => {
    expect(logsImportBody.safeParse({}).success).toBe(false);
    expect(logsImportBody.safeParse({ latest: 3 }).success).toBe(true);
    expect(logsImportBody.safeParse({ latest: 11 }).success).toBe(false);
  });
});

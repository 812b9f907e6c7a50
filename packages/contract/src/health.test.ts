import { describe, expect, it } from 'vitest';
import { barTone, cpuTone, healthReasons, healthReasonText, overallHealth, statusTone } from './health';

describe('statusTone (spec 1 §2)', () => {
  it.each([
    ['healthy', 'good'],
    ['operational', 'good'],
    ['Connected', 'good'],
    ['degraded', 'warn'],
    ['warning', 'warn'],
    ['error', 'bad'],
    ['down', 'bad'],
    ['not_configured', 'unknown'],
    ['', 'unknown'],
    [undefined, 'unknown'],
  ])('%s reads %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
});

describe('cpuTone: red above 80, yellow above 60', () => {
  it.each([
    [0, 'good'],
    [60, 'good'],
    [60.1, 'warn'],
    [80, 'warn'],
    [80.5, 'bad'],
    [100, 'bad'],
  ])('%d%% is %s', (value, tone) => {
    expect(cpuTone(value)).toBe(tone);
  });
});

describe('overallHealth (spec 1 §4)', () => {
  const calm = { cpuPercent: 10, memoryPercent: 20, databaseStatus: 'healthy', redisStatus: 'healthy' };
  it('is healthy when all is calm', () => expect(overallHealth(calm)).toBe('healthy'));
  it('is critical above 90 on cpu or memory', () => {
    expect(overallHealth({ ...calm, cpuPercent: 91 })).toBe('critical');
    expect(overallHealth({ ...calm, memoryPercent: 95 })).toBe('critical');
  });
  it('is warning above 80, at 90 exactly too', () => {
    expect(overallHealth({ ...calm, memoryPercent: 81 })).toBe('warning');
    expect(overallHealth({ ...calm, cpuPercent: 90 })).toBe('warning');
    expect(overallHealth({ ...calm, cpuPercent: 80 })).toBe('healthy');
  });
  it('is degraded when the database or redis is in error', () => {
    expect(overallHealth({ ...calm, databaseStatus: 'error' })).toBe('degraded');
    expect(overallHealth({ ...calm, redisStatus: 'down' })).toBe('degraded');
  });
  it('ranks load above a failing service', () => {
    expect(overallHealth({ ...calm, cpuPercent: 95, redisStatus: 'down' })).toBe('critical');
  });
  it('does not count an unconfigured redis as an error', () => {
    expect(overallHealth({ ...calm, redisStatus: 'not_configured' })).toBe('healthy');
  });
});

describe('barTone (spec 2 §4)', () => {
  it('is red at 80 % of the maximum, amber at 50 %, else green', () => {
    expect(barTone(80, 100)).toBe('bad');
    expect(barTone(50, 100)).toBe('warn');
    expect(barTone(49, 100)).toBe('good');
    expect(barTone(5, 0)).toBe('good');
  });
});

describe('healthReasons', () => {
  const calm = { cpuPercent: 20, memoryPercent: 40, databaseStatus: 'healthy', redisStatus: 'healthy' };

  it('names each figure above the warning line and each service down, and nothing when healthy', () => {
    expect(healthReasons(calm)).toEqual([]);
    expect(healthReasons({ ...calm, cpuPercent: 97.6 })).toEqual(['CPU 98 %']);
    expect(healthReasons({ ...calm, cpuPercent: 85, memoryPercent: 92.2, databaseStatus: 'error', redisStatus: 'down' })).toEqual(
      ['CPU 85 %', 'Memory 92 %', 'PostgreSQL error', 'Redis down'],
    );
  });

  it('says how long the verdict has held', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(healthReasonText(['CPU 98 %'], '2026-11-27T11:59:30Z', now)).toBe('CPU 98 % for 30 s');
    expect(healthReasonText(['CPU 98 %', 'Memory 91 %'], '2026-11-27T11:55:10Z', now)).toBe('CPU 98 %, Memory 91 % for 4 min');
    expect(healthReasonText(['Redis down'], '2026-11-27T09:55:00Z', now)).toBe('Redis down for 2 h 5 min');
    expect(healthReasonText(['Redis down'], null, now)).toBe('Redis down');
    expect(healthReasonText([], '2026-11-27T11:59:30Z', now)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { barTone, cpuTone, overallHealth, statusTone } from './health';

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

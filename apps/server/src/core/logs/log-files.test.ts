import { describe, expect, it } from 'vitest';
import { fileSafeInstance, logFileNumber, logFileStem } from './log-files';

describe('log file names', () => {
  it('carry a file-safe instance id', () => {
    expect(fileSafeInstance('web-1.example.com:3000')).toBe('web-1_example_com_3000');
    expect(fileSafeInstance('../../etc')).toBe('_etc');
    expect(logFileStem('host:3000')).toBe('guildhall-host_3000');
  });

  it("are recognised only with this instance's stem, a number and .log", () => {
    expect(logFileNumber('guildhall-host_3000.12.log', 'host:3000')).toBe(12);
    expect(logFileNumber('guildhall-host_3000.12.log', 'host:3001')).toBeNull();
    expect(logFileNumber('guildhall-host_30001.1.log', 'host:3000')).toBeNull();
    expect(logFileNumber('guildhall-host_3000.x.log', 'host:3000')).toBeNull();
    expect(logFileNumber('guildhall-host_3000.1.log.gz', 'host:3000')).toBeNull();
    expect(logFileNumber('../guildhall-host_3000.1.log', 'host:3000')).toBeNull();
  });
});

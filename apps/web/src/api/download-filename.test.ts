import { describe, expect, it } from 'vitest';
import { datedFilename, filenameFromDisposition } from './download-filename';

describe('filenameFromDisposition', () => {
  it('reads a quoted and a bare filename', () => {
    expect(filenameFromDisposition('attachment; filename="guilds-2025-01-02.csv"')).toBe('guilds-2025-01-02.csv');
    expect(filenameFromDisposition('attachment; filename=export.zip')).toBe('export.zip');
  });

  it('prefers the encoded filename*', () => {
    expect(filenameFromDisposition(`attachment; filename="a.zip"; filename*=UTF-8''R%C3%A9sum%C3%A9.zip`)).toBe('Résumé.zip');
  });

  it('answers null without a name', () => {
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition('attachment')).toBeNull();
  });
});

describe('datedFilename', () => {
  it('names the file by the local day', () => {
    expect(datedFilename('guilds', 'csv', new Date(2025, 0, 5, 23, 59))).toBe('guilds-2025-01-05.csv');
  });
});

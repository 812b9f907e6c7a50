import { createHash } from 'node:crypto';
import type { Queryable } from '../../services/db/db';
import { readMigrations } from '../../services/db/migrate';
import { selectAppliedMigrations } from './queries';

/**
 * The committed migration files (name, SHA-256 of the file) with when each was applied, files not applied
 * yet as pending, and applied names whose file is gone as missing_file.
 */
export async function listMigrations(db: Queryable, files = readMigrations()) {
  const applied = new Map((await selectAppliedMigrations(db)).map((row) => [row.name, row.applied_at]));
  const fromFiles = files.map((file) => {
    const appliedAt = applied.get(file.name);
    return {
      name: file.name,
      checksum: createHash('sha256').update(file.sql).digest('hex'),
      appliedAt: appliedAt ? appliedAt.toISOString() : null,
      status: appliedAt ? ('applied' as const) : ('pending' as const),
    };
  });
  const names = new Set(files.map((file) => file.name));
  const orphans = [...applied]
    .filter(([name]) => !names.has(name))
    .map(([name, appliedAt]) => ({ name, checksum: null, appliedAt: appliedAt.toISOString(), status: 'missing_file' as const }));
  return [...fromFiles, ...orphans].sort((a, b) => a.name.localeCompare(b.name));
}

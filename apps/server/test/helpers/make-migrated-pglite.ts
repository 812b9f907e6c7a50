// Run by buildMigratedPglite in a process of its own: `node --import tsx make-migrated-pglite.ts <folder>`.
import { migrate } from '../../src/services/db/migrate';
import { createPgliteDb } from '../../src/services/db/pglite-db';

const db = await createPgliteDb(process.argv[2]!);
try {
  await migrate(db);
} finally {
  await db.close();
}

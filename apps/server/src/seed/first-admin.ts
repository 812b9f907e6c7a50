import { adminPasswordProblem } from '@guildhall/contract';
import type { FastifyBaseLogger } from 'fastify';
import { findAdminByUsername, setPasswordChangeRequired } from '../auth/admin-account-queries';
import { generatePassword, hashPassword } from '../auth/passwords';
import type { Config } from '../config';
import { recordAudit } from '../core/audit';
import { upsertAdmin } from '../modules/admin-users/queries';
import type { Db } from '../services/db/db';

/** app_meta key recording that the first admin exists; later starts never recreate or reset it. */
export const FIRST_ADMIN_KEY = 'first_admin_created_at';
const FIRST_ADMIN_LOCK_KEY = 7_346_215_003;

/**
 * A first admin is not made with a password the admin rule refuses: the start stops with the reason. Only a new
 * first admin: an existing one keeps signing in with whatever it has.
 */
function refuseWeakFirstPassword(username: string, password: string | null) {
  const problem = password ? adminPasswordProblem(password, { username }) : null;
  if (problem) throw new Error(`ADMIN_PASSWORD is refused: ${problem}. Set a stronger one and start again.`);
}

/**
 * A generated password goes to the process's console only, written straight to stdout: never through the logger,
 * whose lines also reach the log files and the live log tail that lower admins read.
 */
function printGeneratedPassword(username: string, password: string, publicUrl: string) {
  const rule = '='.repeat(72);
  process.stdout.write(
    [
      rule,
      'Guildhall: the first admin was created with a generated password (shown only this once, in no log).',
      `  username: ${username}`,
      `  password: ${password}`,
      `Sign in at ${publicUrl}/admin/login; the console asks for a new password before anything else.`,
      rule,
      '',
    ].join('\n'),
  );
}

/**
 * Creates the first admin (ADMIN_USERNAME, superadmin) on the first start, with ADMIN_PASSWORD or a generated
 * password printed once on the console (see printGeneratedPassword), which must be changed at first sign-in.
 * Admins made earlier with the CLI do not stand in for it.
 */
export async function ensureFirstAdmin(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  const created = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [FIRST_ADMIN_LOCK_KEY]);
    const done = await tx.query('SELECT 1 FROM app_meta WHERE key = $1', [FIRST_ADMIN_KEY]);
    if (done.rowCount > 0) return null;
    const username = config.admin.username;
    const isGenerated = !config.admin.password;
    const password = config.admin.password ?? generatePassword();
    const isCreated = !(await findAdminByUsername(tx, username));
    if (isCreated) {
      refuseWeakFirstPassword(username, config.admin.password);
      const passwordHash = await hashPassword(password);
      const admin = await upsertAdmin(tx, { username, fullName: null, passwordHash, role: 'superadmin', permissions: [] });
      await recordAudit(tx, {
        actor: { type: 'system' },
        action: 'admin.created',
        target: { type: 'admin_user', id: admin.id },
        details: { username, role: 'superadmin', reason: 'first start' },
      });
      if (isGenerated) await setPasswordChangeRequired(tx, admin.id, true);
    }
    await tx.query('INSERT INTO app_meta (key, value) VALUES ($1, $2)', [FIRST_ADMIN_KEY, new Date().toISOString()]);
    return { username, password, isGenerated, isCreated };
  });
  if (!created) return;
  if (!created.isCreated) {
    log.info(`first admin "${created.username}" exists already (made with the CLI); no password was set`);
  } else if (created.isGenerated) {
    printGeneratedPassword(created.username, created.password, config.publicUrl);
    log.warn(
      `first admin created: username "${created.username}" with a generated password, printed on the console only; it must be changed at first sign-in`,
    );
  } else {
    log.info(`first admin created: username "${created.username}" with the password from ADMIN_PASSWORD`);
  }
}

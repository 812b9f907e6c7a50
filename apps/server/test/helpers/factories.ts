import type { Permission, Role } from '@guildhall/contract';
import type { FastifyInstance } from 'fastify';
import { createAdmin } from '../../src/modules/admin-users/create-admin';
import { uniqueSuffix } from './test-database';

/** An admin a test made, with the password it can sign in with. */
export interface TestAdmin {
  id: string;
  username: string;
  password: string;
}

/** Creates an admin with a unique name (default role superadmin), the way the CLI does. */
export async function createTestAdmin(
  app: FastifyInstance,
  options: { role?: Role; permissions?: Permission[]; username?: string; fullName?: string } = {},
): Promise<TestAdmin> {
  const username = options.username ?? `admin_${uniqueSuffix()}`;
  const password = `pw-${uniqueSuffix()}-Long-Enough`;
  const admin = await createAdmin(
    app.services.db,
    {
      username,
      password,
      role: options.role ?? 'superadmin',
      permissions: options.permissions ?? [],
      fullName: options.fullName,
    },
    { type: 'cli' },
  );
  return { id: admin.id, username, password };
}

/** Runs SQL against the app's database (to age a session, count rows, read the audit log). */
export async function sql<Row = Record<string, unknown>>(app: FastifyInstance, text: string, params: unknown[] = []) {
  const { rows } = await app.services.db.query<Row>(text, params);
  return rows;
}

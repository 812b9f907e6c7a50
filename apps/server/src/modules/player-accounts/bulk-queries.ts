import type { Queryable } from '../../services/db/db';

/** One account as the bulk update finds it, locked for its transaction. */
export async function lockAccountStatus(tx: Queryable, accountId: string) {
  const { rows } = await tx.query<{ display_name: string; account_status: string }>(
    'SELECT display_name, account_status FROM player_accounts WHERE id = $1 FOR UPDATE',
    [accountId],
  );
  return rows[0] ?? null;
}

/** Sets one account's status (the statement the bulk job runs once per account). */
export async function setAccountStatus(tx: Queryable, accountId: string, status: string, updatedBy: string) {
  await tx.query('UPDATE player_accounts SET account_status = $2, updated_by = $3, updated_at = now() WHERE id = $1', [
    accountId,
    status,
    updatedBy,
  ]);
}

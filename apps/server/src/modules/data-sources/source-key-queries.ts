import type { Queryable } from '../../services/db/db';

/** A guild's key to a source as stored: sealed, never presented. */
export interface SourceKeyRow {
  sealed_key: string;
  set_by: { name?: string };
  set_at: Date;
}

export async function selectSourceKey(db: Queryable, guildId: string, source: 'wowaudit'): Promise<SourceKeyRow | null> {
  const { rows } = await db.query<SourceKeyRow>(
    'SELECT sealed_key, set_by, set_at FROM guild_source_keys WHERE guild_id = $1 AND source_type = $2',
    [guildId, source],
  );
  return rows[0] ?? null;
}

export async function selectSealedKey(db: Queryable, guildId: string, source: 'wowaudit'): Promise<string | null> {
  return (await selectSourceKey(db, guildId, source))?.sealed_key ?? null;
}

export async function upsertSourceKey(
  tx: Queryable,
  guildId: string,
  source: 'wowaudit',
  sealedKey: string,
  setBy: unknown,
): Promise<void> {
  await tx.query(
    `INSERT INTO guild_source_keys (guild_id, source_type, sealed_key, set_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (guild_id, source_type) DO UPDATE SET sealed_key = EXCLUDED.sealed_key, set_by = EXCLUDED.set_by,
                                                       set_at = now()`,
    [guildId, source, sealedKey, JSON.stringify(setBy)],
  );
}

/** Removes the key; false when there was none. */
export async function deleteSourceKey(tx: Queryable, guildId: string, source: 'wowaudit'): Promise<boolean> {
  const { rowCount } = await tx.query('DELETE FROM guild_source_keys WHERE guild_id = $1 AND source_type = $2', [
    guildId,
    source,
  ]);
  return (rowCount ?? 0) > 0;
}

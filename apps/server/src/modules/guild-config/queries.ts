import {
  CONFIG_MESSAGES,
  type ConfigVersion,
  type SettingCategoryId,
  type SettingChange,
  type SettingValue,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Queryable } from '../../services/db/db';
import { containsPattern } from '../../services/db/like';
import type { CategorizedValues } from './settings-catalog';

// The guild configuration's SQL: overrides in guild_settings, every change a version in guild_setting_versions
// (its `overrides` snapshot lets a rollback restore it exactly), templates in config_templates.

/** What one override holds: a value, or a secret's ciphertext. */
export interface StoredSetting {
  value: SettingValue | null;
  secretValue: string | null;
}

/** One row of a version's `overrides` snapshot. */
export interface SnapshotRow extends StoredSetting {
  key: string;
}

export interface SettingRow {
  category: string;
  key: string;
  value: SettingValue | null;
  secret_value: string | null;
  updated_at: Date;
  updated_by: string | null;
}

export interface VersionHead {
  category: string;
  version: number;
  changed_at: Date;
  changed_by: string | null;
}

export interface GuildRef {
  id: string;
  name: string;
}

export type VersionAction = ConfigVersion['action'];

/** The guild, or 404 Guild not found. */
export async function findGuild(db: Queryable, guildId: string, options: { lock?: boolean } = {}): Promise<GuildRef> {
  const { rows } = await db.query<GuildRef>(
    `SELECT id, guild_name AS name FROM guilds WHERE id = $1${options.lock ? ' FOR NO KEY UPDATE' : ''}`,
    [guildId],
  );
  if (!rows[0]) throw AppError.notFound(CONFIG_MESSAGES.guildNotFound);
  return rows[0];
}

/** A guild's overrides, every category or one, by category and key. */
export async function selectSettingRows(db: Queryable, guildId: string, category?: string): Promise<SettingRow[]> {
  const { rows } = await db.query<SettingRow>(
    `SELECT category, key, value, secret_value, updated_at, updated_by FROM guild_settings
     WHERE guild_id = $1 AND ($2::text IS NULL OR category = $2) ORDER BY category, key`,
    [guildId, category ?? null],
  );
  return rows;
}

/** The category's overrides by key, as stored; `lock`: locked for the caller's transaction. */
export async function selectStoredSettings(db: Queryable, guildId: string, category: string, lock = false) {
  const { rows } = await db.query<SettingRow>(
    `SELECT category, key, value, secret_value, updated_at, updated_by FROM guild_settings
     WHERE guild_id = $1 AND category = $2${lock ? ' FOR UPDATE' : ''}`,
    [guildId, category],
  );
  return new Map<string, StoredSetting>(rows.map((row) => [row.key, { value: row.value, secretValue: row.secret_value }]));
}

/** The newest version of each category of a guild (or of one). */
export async function selectVersionHeads(db: Queryable, guildId: string, category?: string): Promise<VersionHead[]> {
  const { rows } = await db.query<VersionHead>(
    `SELECT DISTINCT ON (category) category, version, changed_at, changed_by FROM guild_setting_versions
     WHERE guild_id = $1 AND ($2::text IS NULL OR category = $2) ORDER BY category, version DESC`,
    [guildId, category ?? null],
  );
  return rows;
}

export async function deleteSetting(tx: Queryable, guildId: string, category: string, key: string): Promise<void> {
  await tx.query('DELETE FROM guild_settings WHERE guild_id = $1 AND category = $2 AND key = $3', [guildId, category, key]);
}

export async function upsertSetting(
  tx: Queryable,
  guildId: string,
  category: string,
  key: string,
  stored: StoredSetting,
  by: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO guild_settings (guild_id, category, key, value, secret_value, updated_by)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6)
     ON CONFLICT (guild_id, category, key)
     DO UPDATE SET value = EXCLUDED.value, secret_value = EXCLUDED.secret_value, updated_at = now(),
       updated_by = EXCLUDED.updated_by`,
    [guildId, category, key, stored.value === null ? null : JSON.stringify(stored.value), stored.secretValue, by],
  );
}

/** Keeps the category's next version: what changed and the overrides it leaves. Answers its number. */
export async function insertVersion(
  tx: Queryable,
  guildId: string,
  category: string,
  version: { action: VersionAction; changes: SettingChange[]; snapshot: SnapshotRow[]; note: string | null; by: string },
): Promise<number> {
  const { rows } = await tx.query<{ version: number }>(
    `INSERT INTO guild_setting_versions (guild_id, category, version, action, changes, overrides, note, changed_by)
     SELECT $1, $2, COALESCE(MAX(version), 0) + 1, $3, $4::jsonb, $5::jsonb, $6, $7
     FROM guild_setting_versions WHERE guild_id = $1 AND category = $2
     RETURNING version`,
    [
      guildId,
      category,
      version.action,
      JSON.stringify(version.changes),
      JSON.stringify(version.snapshot),
      version.note,
      version.by,
    ],
  );
  return rows[0]!.version;
}

/** The overrides a category had at a version; null for a version it never had. */
export async function selectVersionSnapshot(
  tx: Queryable,
  guildId: string,
  category: string,
  version: number,
): Promise<SnapshotRow[] | null> {
  const { rows } = await tx.query<{ overrides: SnapshotRow[] }>(
    'SELECT overrides FROM guild_setting_versions WHERE guild_id = $1 AND category = $2 AND version = $3',
    [guildId, category, version],
  );
  return rows[0]?.overrides ?? null;
}

export interface VersionRow {
  version: number;
  category: SettingCategoryId;
  action: VersionAction;
  changed_by: string | null;
  changed_at: Date;
  changes: SettingChange[];
  note: string | null;
}

/** A guild's versions newest first, every category or one (what changed, never the snapshot). */
export async function selectVersions(
  db: Queryable,
  guildId: string,
  query: { category?: string; limit: number },
): Promise<VersionRow[]> {
  const { rows } = await db.query<VersionRow>(
    `SELECT version, category, action, changed_by, changed_at, changes, note FROM guild_setting_versions
     WHERE guild_id = $1 AND ($2::text IS NULL OR category = $2)
     ORDER BY changed_at DESC, category, version DESC LIMIT $3`,
    [guildId, query.category ?? null, query.limit],
  );
  return rows;
}

export interface ConfigGuildRow {
  id: string;
  name: string;
  realm: string | null;
  region: string | null;
  is_active: boolean;
  overrides: number;
  updated_at: Date | null;
}

/** Guilds by name with how many settings each overrides, in one query; `search` matches name or server. */
export async function selectConfigGuilds(db: Queryable, search?: string): Promise<ConfigGuildRow[]> {
  const pattern = search ? containsPattern(search) : null;
  const { rows } = await db.query<ConfigGuildRow>(
    `SELECT g.id, g.guild_name AS name, g.server AS realm, g.region, g.is_active,
       COUNT(s.key)::int AS overrides, MAX(s.updated_at) AS updated_at
     FROM guilds g LEFT JOIN guild_settings s ON s.guild_id = g.id
     WHERE $1::text IS NULL OR g.guild_name ILIKE $1 OR g.server ILIKE $1
     GROUP BY g.id ORDER BY lower(g.guild_name), g.id LIMIT 500`,
    [pattern],
  );
  return rows;
}

export interface TemplateRow {
  id: string;
  name: string;
  description: string;
  settings: CategorizedValues;
  source_guild_id: string | null;
  created_by: string | null;
  created_at: Date;
}

const TEMPLATE_COLUMNS = 'id, name, description, settings, source_guild_id, created_by, created_at';

/** Every template, by name. */
export async function selectTemplates(db: Queryable): Promise<TemplateRow[]> {
  const { rows } = await db.query<TemplateRow>(`SELECT ${TEMPLATE_COLUMNS} FROM config_templates ORDER BY lower(name)`);
  return rows;
}

export async function selectTemplate(db: Queryable, id: string): Promise<TemplateRow | null> {
  const { rows } = await db.query<TemplateRow>(`SELECT ${TEMPLATE_COLUMNS} FROM config_templates WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** A new template; a taken name fails with the unique violation (23505). */
export async function insertTemplate(
  tx: Queryable,
  template: { name: string; description: string; settings: CategorizedValues; sourceGuildId: string | null; by: string },
): Promise<TemplateRow> {
  const { rows } = await tx.query<TemplateRow>(
    `INSERT INTO config_templates (name, description, settings, source_guild_id, created_by)
     VALUES ($1, $2, $3::jsonb, $4, $5) RETURNING ${TEMPLATE_COLUMNS}`,
    [template.name, template.description, JSON.stringify(template.settings), template.sourceGuildId, template.by],
  );
  return rows[0]!;
}

/** Deletes a template; answers its name, or null when there was none. */
export async function deleteTemplateRow(tx: Queryable, id: string): Promise<string | null> {
  const { rows } = await tx.query<{ name: string }>('DELETE FROM config_templates WHERE id = $1 RETURNING name', [id]);
  return rows[0]?.name ?? null;
}

import {
  type AuditAction,
  CONFIG_MESSAGES,
  type ConfigVersion,
  findSetting,
  findSettingCategory,
  type GuildCategoryState,
  SETTING_CATEGORIES,
  type SettingCategoryId,
  type SettingChange,
  type SettingDefinition,
  type SettingValue,
  settingsErrors,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { type AuditActor, recordAudit } from '../../core/audit';
import type { Db, Queryable } from '../../services/db/db';
import type { SecretBox } from './secret-box';

/**
 * A guild's settings (issue 15): the catalog's defaults with the guild's overrides (guild_settings), every change
 * kept as a version (guild_setting_versions) whose `overrides` snapshot lets a rollback restore it exactly.
 * Secrets are stored encrypted and never leave this module except through readGuildCategoryValues.
 */

/** What one override holds: a value, or a secret's ciphertext. */
export interface StoredSetting {
  value: SettingValue | null;
  secretValue: string | null;
}

/** One row of a version's `overrides` snapshot. */
interface SnapshotRow extends StoredSetting {
  key: string;
}

interface SettingRow {
  category: string;
  key: string;
  value: SettingValue | null;
  secret_value: string | null;
  updated_at: Date;
  updated_by: string | null;
}

interface VersionHead {
  category: string;
  version: number;
  changed_at: Date;
  changed_by: string | null;
}

/** Who changes settings, and from where. */
export interface ConfigEditor {
  actor: Extract<AuditActor, { type: 'admin' } | { type: 'user' }>;
  ip: string;
}

export interface GuildRef {
  id: string;
  name: string;
}

const definitionsOf = (category: SettingCategoryId): readonly SettingDefinition[] =>
  findSettingCategory(category)!.settings as readonly SettingDefinition[];

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The guild, or 404 Guild not found. */
export async function findGuild(db: Queryable, guildId: string, options: { lock?: boolean } = {}): Promise<GuildRef> {
  const { rows } = await db.query<GuildRef>(
    `SELECT id, guild_name AS name FROM guilds WHERE id = $1${options.lock ? ' FOR NO KEY UPDATE' : ''}`,
    [guildId],
  );
  if (!rows[0]) throw AppError.notFound(CONFIG_MESSAGES.guildNotFound);
  return rows[0];
}

async function settingRows(db: Queryable, guildId: string, category?: SettingCategoryId): Promise<SettingRow[]> {
  const { rows } = await db.query<SettingRow>(
    `SELECT category, key, value, secret_value, updated_at, updated_by FROM guild_settings
     WHERE guild_id = $1 AND ($2::text IS NULL OR category = $2) ORDER BY category, key`,
    [guildId, category ?? null],
  );
  return rows;
}

/** The category's overrides by key, as stored. */
async function storedOf(db: Queryable, guildId: string, category: SettingCategoryId, lock = false) {
  const { rows } = await db.query<SettingRow>(
    `SELECT category, key, value, secret_value, updated_at, updated_by FROM guild_settings
     WHERE guild_id = $1 AND category = $2${lock ? ' FOR UPDATE' : ''}`,
    [guildId, category],
  );
  return new Map<string, StoredSetting>(rows.map((row) => [row.key, { value: row.value, secretValue: row.secret_value }]));
}

/**
 * The effective values of a guild's category, secrets DECRYPTED ('' when unset): for the bot and the AI tests, never
 * for an answer. 404 Guild not found for an unknown guild.
 */
export async function readGuildCategoryValues(
  db: Db,
  secrets: SecretBox,
  guildId: string,
  category: SettingCategoryId,
): Promise<Record<string, SettingValue>> {
  await findGuild(db, guildId);
  const stored = await storedOf(db, guildId, category);
  const values: Record<string, SettingValue> = {};
  for (const definition of definitionsOf(category)) {
    const own = definition.guildOverridable ? stored.get(definition.key) : undefined;
    if (definition.kind === 'secret') {
      if (own?.secretValue) {
        if (!secrets.available) throw AppError.invalidField(definition.key, CONFIG_MESSAGES.secretKeyMissing);
        values[definition.key] = secrets.decrypt(own.secretValue);
      } else values[definition.key] = '';
    } else values[definition.key] = own && own.value !== null ? own.value : definition.default;
  }
  return values;
}

function categoryState(
  category: SettingCategoryId,
  rows: readonly SettingRow[],
  head: VersionHead | undefined,
): GuildCategoryState {
  const byKey = new Map(rows.filter((row) => row.category === category).map((row) => [row.key, row]));
  return {
    category,
    version: head?.version ?? 0,
    updatedAt: iso(head?.changed_at ?? null),
    updatedBy: head?.changed_by ?? null,
    settings: definitionsOf(category).map((definition) => {
      const own = definition.guildOverridable ? byKey.get(definition.key) : undefined;
      if (definition.kind === 'secret') {
        return {
          key: definition.key,
          value: '',
          defaultValue: '',
          overridden: own !== undefined,
          secretSet: Boolean(own?.secret_value),
        };
      }
      const overridden = own !== undefined && own.value !== null;
      return {
        key: definition.key,
        value: overridden ? own.value! : definition.default,
        defaultValue: definition.default,
        overridden,
      };
    }),
  };
}

/** A guild's categories as the screens show them (secrets as '' with secretSet); every category or one. */
export async function readGuildCategories(
  db: Queryable,
  guildId: string,
  category?: SettingCategoryId,
): Promise<GuildCategoryState[]> {
  const rows = await settingRows(db, guildId, category);
  const { rows: heads } = await db.query<VersionHead>(
    `SELECT DISTINCT ON (category) category, version, changed_at, changed_by FROM guild_setting_versions
     WHERE guild_id = $1 AND ($2::text IS NULL OR category = $2) ORDER BY category, version DESC`,
    [guildId, category ?? null],
  );
  const ids = category ? [category] : SETTING_CATEGORIES.map((c) => c.id as SettingCategoryId);
  return ids.map((id) =>
    categoryState(
      id,
      rows,
      heads.find((head) => head.category === id),
    ),
  );
}

/** A guild with its categories (404 for an unknown guild). */
export async function readGuildSettings(db: Queryable, guildId: string, category?: SettingCategoryId) {
  const guild = await findGuild(db, guildId);
  return { guild, categories: await readGuildCategories(db, guildId, category) };
}

// ---- Writing ----

const secretShown = (stored: StoredSetting | undefined) => (stored?.secretValue ? 'set' : 'not set');

function sameStored(a: StoredSetting | undefined, b: StoredSetting | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.secretValue === b.secretValue && JSON.stringify(a.value) === JSON.stringify(b.value);
}

/** What changes from `current` to `target`, in catalog order; secrets as 'set' / 'not set'. */
function changesBetween(
  category: SettingCategoryId,
  current: ReadonlyMap<string, StoredSetting>,
  target: ReadonlyMap<string, StoredSetting>,
): SettingChange[] {
  const catalogKeys = definitionsOf(category).map((d) => d.key);
  const keys = [...new Set([...catalogKeys, ...current.keys(), ...target.keys()])];
  const changes: SettingChange[] = [];
  for (const key of keys) {
    const before = current.get(key);
    const after = target.get(key);
    if (sameStored(before, after)) continue;
    if (findSetting(category, key)?.kind === 'secret') {
      changes.push({ category, key, before: secretShown(before), after: secretShown(after) });
    } else {
      changes.push({ category, key, before: before?.value ?? null, after: after?.value ?? null });
    }
  }
  return changes;
}

export type VersionAction = ConfigVersion['action'];

/** What one category write did; version null when nothing changed. */
export interface CategoryWrite {
  category: SettingCategoryId;
  changes: SettingChange[];
  version: number | null;
}

/** A setting's effective value in a set of overrides: the override, else the catalog's default. */
function effectiveOf(definition: SettingDefinition, overrides: ReadonlyMap<string, StoredSetting>): SettingValue {
  const own = overrides.get(definition.key);
  return own && own.value !== null ? own.value : definition.default;
}

/**
 * A category's secrets belong to its URLs (the AI key to the endpoint URL): when a URL changes, every secret not
 * typed in this same change is dropped, so a stored key never goes to an address it was not given for (a new URL
 * by an officer, a bulk change, a template, a rollback). `typed`: the secrets given in this change.
 */
function withoutSecretsOnNewUrl(
  category: SettingCategoryId,
  current: ReadonlyMap<string, StoredSetting>,
  target: ReadonlyMap<string, StoredSetting>,
  typed: ReadonlySet<string>,
): ReadonlyMap<string, StoredSetting> {
  const definitions = definitionsOf(category);
  const isUrlChanged = definitions.some(
    (d) =>
      d.kind === 'url' &&
      String(effectiveOf(d, current)).trim().replace(/\/+$/, '') !== String(effectiveOf(d, target)).trim().replace(/\/+$/, ''),
  );
  if (!isUrlChanged) return target;
  const kept = new Map(target);
  for (const d of definitions) if (d.kind === 'secret' && !typed.has(d.key)) kept.delete(d.key);
  return kept;
}

/**
 * Makes a category's overrides exactly `target` and keeps a version of it, inside the caller's transaction (the
 * caller has locked the guild). `dryRun`: only answers what would change. Nothing changes: no version.
 */
async function writeCategory(
  tx: Queryable,
  guildId: string,
  category: SettingCategoryId,
  target: ReadonlyMap<string, StoredSetting>,
  meta: { action: VersionAction; note: string | null; by: string; dryRun?: boolean; typedSecrets?: ReadonlySet<string> },
): Promise<CategoryWrite> {
  const current = await storedOf(tx, guildId, category, !meta.dryRun);
  target = withoutSecretsOnNewUrl(category, current, target, meta.typedSecrets ?? new Set());
  const changes = changesBetween(category, current, target);
  if (changes.length === 0 || meta.dryRun) return { category, changes, version: null };
  for (const key of current.keys()) {
    if (!target.has(key)) {
      await tx.query('DELETE FROM guild_settings WHERE guild_id = $1 AND category = $2 AND key = $3', [guildId, category, key]);
    }
  }
  for (const [key, stored] of target) {
    if (sameStored(current.get(key), stored)) continue;
    await tx.query(
      `INSERT INTO guild_settings (guild_id, category, key, value, secret_value, updated_by)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6)
       ON CONFLICT (guild_id, category, key)
       DO UPDATE SET value = EXCLUDED.value, secret_value = EXCLUDED.secret_value, updated_at = now(),
         updated_by = EXCLUDED.updated_by`,
      [guildId, category, key, stored.value === null ? null : JSON.stringify(stored.value), stored.secretValue, meta.by],
    );
  }
  const snapshot: SnapshotRow[] = [...target].map(([key, stored]) => ({ key, ...stored }));
  const { rows } = await tx.query<{ version: number }>(
    `INSERT INTO guild_setting_versions (guild_id, category, version, action, changes, overrides, note, changed_by)
     SELECT $1, $2, COALESCE(MAX(version), 0) + 1, $3, $4::jsonb, $5::jsonb, $6, $7
     FROM guild_setting_versions WHERE guild_id = $1 AND category = $2
     RETURNING version`,
    [guildId, category, meta.action, JSON.stringify(changes), JSON.stringify(snapshot), meta.note, meta.by],
  );
  return { category, changes, version: rows[0]!.version };
}

/** Refuses with 400 and a message per field when `fields` has any. */
function refuse(fields: Record<string, string>) {
  const first = Object.values(fields)[0];
  if (first !== undefined) throw new AppError('VALIDATION_FAILED', first, { fields });
}

/**
 * The overrides after applying `settings` (checked already) onto `current`: null drops an override, a secret's ''
 * clears it, a secret's text is encrypted (400 on the field without CONFIG_SECRET_KEY). `replace`: the category's
 * other overrides (secrets kept: they are set one guild at a time) go back to the default.
 */
function targetOf(
  category: SettingCategoryId,
  current: ReadonlyMap<string, StoredSetting>,
  settings: Record<string, SettingValue | null>,
  secrets: SecretBox,
  replace = false,
): Map<string, StoredSetting> {
  const target = new Map<string, StoredSetting>();
  for (const [key, stored] of current) {
    if (!replace || findSetting(category, key)?.kind === 'secret') target.set(key, stored);
  }
  for (const [key, value] of Object.entries(settings)) {
    const definition = findSetting(category, key)!;
    if (value === null) target.delete(key);
    else if (definition.kind === 'secret') {
      if (value === '') target.delete(key);
      else {
        if (!secrets.available) throw AppError.invalidField(key, CONFIG_MESSAGES.secretKeyMissing);
        target.set(key, { value: null, secretValue: secrets.encrypt(value as string) });
      }
    } else target.set(key, { value, secretValue: null });
  }
  return target;
}

/** The audit record of a category write (changes only: secrets are 'set' / 'not set' there). */
async function auditWrite(
  tx: Queryable,
  editor: ConfigEditor,
  action: Extract<AuditAction, `guild_config.${string}`>,
  guild: GuildRef,
  details: Record<string, unknown>,
) {
  await recordAudit(tx, {
    actor: editor.actor,
    action,
    target: { type: 'guild', id: guild.id },
    details: { guildName: guild.name, ...details },
    ip: editor.ip,
  });
}

/** PUT settings: one category's changes, checked against the catalog, in one transaction with its version and audit. */
export async function updateGuildCategory(
  db: Db,
  secrets: SecretBox,
  guildId: string,
  category: SettingCategoryId,
  settings: Record<string, SettingValue | null>,
  editor: ConfigEditor,
): Promise<GuildCategoryState> {
  if (Object.keys(settings).length === 0) throw AppError.invalidField('settings', CONFIG_MESSAGES.noSettings);
  refuse(settingsErrors(category, settings));
  return db.transaction(async (tx) => {
    const guild = await findGuild(tx, guildId, { lock: true });
    const current = await storedOf(tx, guildId, category, true);
    const typedSecrets = new Set(
      Object.entries(settings)
        .filter(([key, value]) => findSetting(category, key)?.kind === 'secret' && typeof value === 'string' && value !== '')
        .map(([key]) => key),
    );
    const write = await writeCategory(tx, guildId, category, targetOf(category, current, settings, secrets), {
      action: 'update',
      note: null,
      by: editor.actor.name,
      typedSecrets,
    });
    if (write.version !== null) {
      await auditWrite(tx, editor, 'guild_config.updated', guild, {
        category,
        version: write.version,
        changes: write.changes,
      });
    }
    return (await readGuildCategories(tx, guildId, category))[0]!;
  });
}

/** Drops a category's overrides (kept as version 'reset'). */
export async function resetGuildCategory(
  db: Db,
  guildId: string,
  category: SettingCategoryId,
  editor: ConfigEditor,
): Promise<GuildCategoryState> {
  return db.transaction(async (tx) => {
    const guild = await findGuild(tx, guildId, { lock: true });
    const write = await writeCategory(tx, guildId, category, new Map(), {
      action: 'reset',
      note: null,
      by: editor.actor.name,
    });
    if (write.version !== null) {
      await auditWrite(tx, editor, 'guild_config.reset', guild, {
        category,
        version: write.version,
        changes: write.changes,
      });
    }
    return (await readGuildCategories(tx, guildId, category))[0]!;
  });
}

/**
 * Sets a category back to exactly how it was at `version` (0: before any change, every setting its default), kept
 * as a new version 'rollback' noting where it went back to.
 */
export async function rollbackGuildCategory(
  db: Db,
  guildId: string,
  category: SettingCategoryId,
  version: number,
  editor: ConfigEditor,
): Promise<GuildCategoryState> {
  return db.transaction(async (tx) => {
    const guild = await findGuild(tx, guildId, { lock: true });
    let snapshot: SnapshotRow[] = [];
    if (version > 0) {
      const { rows } = await tx.query<{ overrides: SnapshotRow[] }>(
        'SELECT overrides FROM guild_setting_versions WHERE guild_id = $1 AND category = $2 AND version = $3',
        [guildId, category, version],
      );
      if (!rows[0])
        throw new AppError('NOT_FOUND', CONFIG_MESSAGES.versionNotFound, {
          fields: { version: CONFIG_MESSAGES.versionNotFound },
        });
      snapshot = rows[0].overrides;
    }
    const target = new Map<string, StoredSetting>(
      snapshot.map((row) => [row.key, { value: row.value ?? null, secretValue: row.secretValue ?? null }]),
    );
    const write = await writeCategory(tx, guildId, category, target, {
      action: 'rollback',
      note: String(version),
      by: editor.actor.name,
    });
    if (write.version !== null) {
      await auditWrite(tx, editor, 'guild_config.rolled_back', guild, {
        category,
        version: write.version,
        toVersion: version,
        changes: write.changes,
      });
    }
    return (await readGuildCategories(tx, guildId, category))[0]!;
  });
}

interface VersionRow {
  version: number;
  category: SettingCategoryId;
  action: VersionAction;
  changed_by: string | null;
  changed_at: Date;
  changes: SettingChange[];
  note: string | null;
}

/** A guild's kept versions, newest first (what changed, never the snapshot). */
export async function listVersions(
  db: Queryable,
  guildId: string,
  query: { category?: SettingCategoryId; limit: number },
): Promise<ConfigVersion[]> {
  await findGuild(db, guildId);
  const { rows } = await db.query<VersionRow>(
    `SELECT version, category, action, changed_by, changed_at, changes, note FROM guild_setting_versions
     WHERE guild_id = $1 AND ($2::text IS NULL OR category = $2)
     ORDER BY changed_at DESC, category, version DESC LIMIT $3`,
    [guildId, query.category ?? null, query.limit],
  );
  return rows.map((row) => ({
    version: row.version,
    category: row.category,
    action: row.action,
    changedBy: row.changed_by,
    changedAt: iso(row.changed_at)!,
    changes: row.changes,
    note: row.note,
  }));
}

// ---- Many guilds at once: bulk changes and templates ----

export type CategorizedValues = Partial<Record<SettingCategoryId, Record<string, SettingValue | null>>>;

/** Checks settings for many guilds: fields as `category.key`; secrets refused (set one guild at a time). */
export function categorizedErrors(settings: CategorizedValues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [category, values] of Object.entries(settings)) {
    for (const [key, message] of Object.entries(settingsErrors(category, values ?? {}, { allowSecrets: false }))) {
      fields[key === 'category' && !findSettingCategory(category) ? category : `${category}.${key}`] = message;
    }
  }
  return fields;
}

export interface ApplyRequest {
  guildIds: readonly string[];
  settings: CategorizedValues;
  mode: 'merge' | 'replace';
  preview: boolean;
  action: 'bulk' | 'template';
  note: string | null;
}

export interface GuildApplyResult {
  id: string;
  name: string;
  changes: SettingChange[];
}

/**
 * Applies settings to many guilds in ONE transaction (a guild that fails, none changes), each category a version
 * `action`, each guild audited; or with `preview` answers every guild's changes without writing anything.
 */
export async function applyToGuilds(
  db: Db,
  secrets: SecretBox,
  request: ApplyRequest,
  editor: ConfigEditor,
): Promise<GuildApplyResult[]> {
  const categories = (Object.keys(request.settings) as SettingCategoryId[]).filter(
    (category) => Object.keys(request.settings[category] ?? {}).length > 0 || request.mode === 'replace',
  );
  const run = async (tx: Queryable) => {
    const results: GuildApplyResult[] = [];
    // Locked in one order, so two bulk changes over the same guilds cannot deadlock.
    const order = [...request.guildIds].sort();
    const guilds = new Map<string, GuildRef>();
    for (const id of order) guilds.set(id, await findGuild(tx, id, { lock: !request.preview }));
    for (const id of request.guildIds) {
      const guild = guilds.get(id)!;
      const changes: SettingChange[] = [];
      const versions: Record<string, number> = {};
      for (const category of categories) {
        const current = await storedOf(tx, id, category, !request.preview);
        const target = targetOf(category, current, request.settings[category] ?? {}, secrets, request.mode === 'replace');
        const write = await writeCategory(tx, id, category, target, {
          action: request.action,
          note: request.note,
          by: editor.actor.name,
          dryRun: request.preview,
        });
        changes.push(...write.changes);
        if (write.version !== null) versions[category] = write.version;
      }
      if (!request.preview && changes.length > 0) {
        await auditWrite(
          tx,
          editor,
          request.action === 'bulk' ? 'guild_config.bulk_updated' : 'guild_config.template_applied',
          guild,
          {
            mode: request.mode,
            note: request.note,
            versions,
            changes,
          },
        );
      }
      results.push({ id, name: guild.name, changes });
    }
    return results;
  };
  return request.preview ? run(db) : db.transaction(run);
}

/** A guild's own values for a template: its overrides of settings a guild may have, secrets left out. */
export async function templateSettingsOf(db: Queryable, guildId: string): Promise<CategorizedValues> {
  await findGuild(db, guildId);
  const rows = await settingRows(db, guildId);
  const settings: CategorizedValues = {};
  for (const row of rows) {
    const definition = findSetting(row.category, row.key);
    if (definition === undefined) continue;
    if (!definition.guildOverridable || definition.kind === 'secret' || row.value === null) continue;
    const category = row.category as SettingCategoryId;
    settings[category] = { ...(settings[category] ?? {}), [row.key]: row.value };
  }
  return settings;
}

// ---- Compare and the guild picker ----

/** Guilds side by side: every catalog setting a row, values in the order of `guildIds`. */
export async function compareGuilds(db: Queryable, guildIds: readonly string[]) {
  const guilds: GuildRef[] = [];
  for (const id of guildIds) guilds.push(await findGuild(db, id));
  const states = await Promise.all(guildIds.map((id) => readGuildCategories(db, id)));
  const rows = SETTING_CATEGORIES.flatMap((category) =>
    (category.settings as readonly SettingDefinition[]).map((definition) => {
      const values = states.map((state) => {
        const setting = state.find((c) => c.category === category.id)!.settings.find((s) => s.key === definition.key)!;
        return {
          value: setting.value,
          overridden: setting.overridden,
          ...(setting.secretSet === undefined ? {} : { secretSet: setting.secretSet }),
        };
      });
      const shown = values.map((v) => JSON.stringify([v.value, v.secretSet ?? null]));
      return {
        category: category.id as SettingCategoryId,
        key: definition.key,
        values,
        differs: new Set(shown).size > 1,
      };
    }),
  );
  return { guilds, rows };
}

interface ConfigGuildRow {
  id: string;
  name: string;
  realm: string | null;
  region: string | null;
  is_active: boolean;
  overrides: number;
  updated_at: Date | null;
}

/** The guild picker: guilds by name with how many settings each overrides, in one query. */
export async function listConfigGuilds(db: Queryable, search?: string) {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await db.query<ConfigGuildRow>(
    `SELECT g.id, g.guild_name AS name, g.server AS realm, g.region, g.is_active,
       COUNT(s.key)::int AS overrides, MAX(s.updated_at) AS updated_at
     FROM guilds g LEFT JOIN guild_settings s ON s.guild_id = g.id
     WHERE $1::text IS NULL OR g.guild_name ILIKE $1 OR g.server ILIKE $1
     GROUP BY g.id ORDER BY lower(g.guild_name), g.id LIMIT 500`,
    [pattern],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    realm: row.realm,
    region: row.region,
    isActive: row.is_active,
    overrides: row.overrides,
    updatedAt: iso(row.updated_at),
  }));
}

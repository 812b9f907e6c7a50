import {
  type AuditAction,
  CONFIG_MESSAGES,
  findSetting,
  type GuildCategoryState,
  type SettingCategoryId,
  type SettingChange,
  type SettingDefinition,
  type SettingValue,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { recordAudit } from '../../core/audit';
import type { Db, Queryable } from '../../services/db/db';
import type { ConfigEditor } from './guild-config-deps';
import {
  deleteSetting,
  findGuild,
  type GuildRef,
  insertVersion,
  type StoredSetting,
  selectStoredSettings,
  upsertSetting,
  type VersionAction,
} from './queries';
import { readGuildCategories } from './read-guild-settings';
import type { SecretBox } from './secret-box';
import { definitionsOf } from './settings-catalog';

// What every change of settings shares (update, reset, rollback, bulk, template): the overrides it leaves, what
// changed, the write with its version, and its audit record.

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
export async function writeCategory(
  tx: Queryable,
  guildId: string,
  category: SettingCategoryId,
  target: ReadonlyMap<string, StoredSetting>,
  meta: { action: VersionAction; note: string | null; by: string; dryRun?: boolean; typedSecrets?: ReadonlySet<string> },
): Promise<CategoryWrite> {
  const current = await selectStoredSettings(tx, guildId, category, !meta.dryRun);
  target = withoutSecretsOnNewUrl(category, current, target, meta.typedSecrets ?? new Set());
  const changes = changesBetween(category, current, target);
  if (changes.length === 0 || meta.dryRun) return { category, changes, version: null };
  for (const key of current.keys()) {
    if (!target.has(key)) await deleteSetting(tx, guildId, category, key);
  }
  for (const [key, stored] of target) {
    if (!sameStored(current.get(key), stored)) await upsertSetting(tx, guildId, category, key, stored, meta.by);
  }
  const snapshot = [...target].map(([key, stored]) => ({ key, ...stored }));
  const version = await insertVersion(tx, guildId, category, { ...meta, changes, snapshot });
  return { category, changes, version };
}

/**
 * The overrides after applying `settings` (checked already) onto `current`: null drops an override, a secret's ''
 * clears it, a secret's text is encrypted (400 on the field without CONFIG_SECRET_KEY). `replace`: the category's
 * other overrides (secrets kept: they are set one guild at a time) go back to the default.
 */
export function targetOf(
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

/** The audit record of a settings write (changes only: secrets are 'set' / 'not set' there). */
export async function auditWrite(
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

/**
 * One category's change in a transaction of its own (update, reset, rollback): locks the guild, writes the overrides
 * `targetIn` gives as a version `action`, audits it as `audited` when anything changed, and answers the category as
 * it now is.
 */
export async function changeCategory(
  db: Db,
  guildId: string,
  category: SettingCategoryId,
  editor: ConfigEditor,
  change: {
    action: VersionAction;
    audited: Extract<AuditAction, `guild_config.${string}`>;
    targetIn: (tx: Queryable) => Promise<ReadonlyMap<string, StoredSetting>>;
    note?: string;
    typedSecrets?: ReadonlySet<string>;
    details?: Record<string, unknown>;
  },
): Promise<GuildCategoryState> {
  return db.transaction(async (tx) => {
    const guild = await findGuild(tx, guildId, { lock: true });
    const write = await writeCategory(tx, guildId, category, await change.targetIn(tx), {
      action: change.action,
      note: change.note ?? null,
      by: editor.actor.name,
      typedSecrets: change.typedSecrets,
    });
    if (write.version !== null) {
      await auditWrite(tx, editor, change.audited, guild, {
        category,
        version: write.version,
        ...change.details,
        changes: write.changes,
      });
    }
    return (await readGuildCategories(tx, guildId, category))[0]!;
  });
}

import type { ConfigTemplate, ConfigVersion, GuildCategoryState, SettingCategoryId } from '@guildhall/contract';
import type { ConfigGuildRow, SettingRow, TemplateRow, VersionHead, VersionRow } from './queries';
import { definitionsOf } from './settings-catalog';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A category as the screens show it: every catalog setting, the guild's override or the default; secrets as ''. */
export function presentCategory(
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

export const presentVersion = (row: VersionRow): ConfigVersion => ({
  version: row.version,
  category: row.category,
  action: row.action,
  changedBy: row.changed_by,
  changedAt: iso(row.changed_at)!,
  changes: row.changes,
  note: row.note,
});

/** A guild of the Configuration screen's picker. */
export const presentConfigGuild = (row: ConfigGuildRow) => ({
  id: row.id,
  name: row.name,
  realm: row.realm,
  region: row.region,
  isActive: row.is_active,
  overrides: row.overrides,
  updatedAt: iso(row.updated_at),
});

export const presentTemplate = (row: TemplateRow): ConfigTemplate => ({
  id: row.id,
  name: row.name,
  description: row.description,
  settings: row.settings as ConfigTemplate['settings'],
  sourceGuildId: row.source_guild_id,
  createdBy: row.created_by,
  createdAt: new Date(row.created_at).toISOString(),
});

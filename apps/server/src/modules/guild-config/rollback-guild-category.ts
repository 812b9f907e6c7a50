import { CONFIG_MESSAGES, type GuildCategoryState, type SettingCategoryId } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Db, Queryable } from '../../services/db/db';
import type { ConfigEditor } from './guild-config-deps';
import { type StoredSetting, selectVersionSnapshot } from './queries';
import { changeCategory } from './write-category';

/**
 * Sets a category back to exactly how it was at `version` (0: before any change, every setting its default), kept
 * as a new version 'rollback' noting where it went back to.
 */
export function rollbackGuildCategory(
  db: Db,
  guildId: string,
  category: SettingCategoryId,
  version: number,
  editor: ConfigEditor,
): Promise<GuildCategoryState> {
  const overridesAt = async (tx: Queryable) => {
    const snapshot = version > 0 ? await selectVersionSnapshot(tx, guildId, category, version) : [];
    if (!snapshot)
      throw new AppError('NOT_FOUND', CONFIG_MESSAGES.versionNotFound, { fields: { version: CONFIG_MESSAGES.versionNotFound } });
    return new Map<string, StoredSetting>(
      snapshot.map((row) => [row.key, { value: row.value ?? null, secretValue: row.secretValue ?? null }]),
    );
  };
  return changeCategory(db, guildId, category, editor, {
    action: 'rollback',
    audited: 'guild_config.rolled_back',
    targetIn: overridesAt,
    note: String(version),
    details: { toVersion: version },
  });
}

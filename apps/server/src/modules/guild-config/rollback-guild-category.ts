import { CONFIG_MESSAGES, type GuildCategoryState, type SettingCategoryId } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Db } from '../../services/db/db';
import type { ConfigEditor } from './guild-config-deps';
import { findGuild, type SnapshotRow, type StoredSetting, selectVersionSnapshot } from './queries';
import { readGuildCategories } from './read-guild-settings';
import { auditWrite, writeCategory } from './write-category';

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
      const found = await selectVersionSnapshot(tx, guildId, category, version);
      if (!found)
        throw new AppError('NOT_FOUND', CONFIG_MESSAGES.versionNotFound, {
          fields: { version: CONFIG_MESSAGES.versionNotFound },
        });
      snapshot = found;
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

import type { GuildCategoryState, SettingCategoryId } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import type { ConfigEditor } from './guild-config-deps';
import { findGuild } from './queries';
import { readGuildCategories } from './read-guild-settings';
import { auditWrite, writeCategory } from './write-category';

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

import type { GuildCategoryState, SettingCategoryId } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import type { ConfigEditor } from './guild-config-deps';
import { changeCategory } from './write-category';

/** Drops a category's overrides (kept as version 'reset'). */
export function resetGuildCategory(
  db: Db,
  guildId: string,
  category: SettingCategoryId,
  editor: ConfigEditor,
): Promise<GuildCategoryState> {
  return changeCategory(db, guildId, category, editor, {
    action: 'reset',
    audited: 'guild_config.reset',
    targetIn: async () => new Map(),
  });
}

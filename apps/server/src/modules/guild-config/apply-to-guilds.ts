import type { SettingCategoryId, SettingChange } from '@guildhall/contract';
import type { Db, Queryable } from '../../services/db/db';
import type { ConfigEditor } from './guild-config-deps';
import { findGuild, type GuildRef, selectStoredSettings } from './queries';
import type { SecretBox } from './secret-box';
import type { CategorizedValues } from './settings-catalog';
import { auditWrite, targetOf, writeCategory } from './write-category';

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
        const current = await selectStoredSettings(tx, id, category, !request.preview);
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

import {
  type ApplyBody,
  CONFIG_MESSAGES,
  type ConfigTemplate,
  type CreateTemplateBody,
  findSetting,
  type SettingCategoryId,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { recordAudit } from '../../core/audit';
import type { Db, Queryable } from '../../services/db/db';
import { applyToGuilds, type GuildApplyResult } from './apply-to-guilds';
import type { ConfigEditor } from './guild-config-deps';
import { presentTemplate } from './presenters';
import {
  deleteTemplateRow,
  findGuild,
  insertTemplate,
  selectSettingRows,
  selectTemplate,
  selectTemplates,
  type TemplateRow,
} from './queries';
import type { SecretBox } from './secret-box';
import { type CategorizedValues, categorizedErrors, refuseFields } from './settings-catalog';

/** Settings templates (issue 15): settings to apply to many guilds at once, never secrets. */

const hasSettings = (settings: CategorizedValues) =>
  Object.values(settings).some((values) => values !== undefined && Object.keys(values).length > 0);

export async function listTemplates(db: Queryable): Promise<ConfigTemplate[]> {
  return (await selectTemplates(db)).map(presentTemplate);
}

/** A guild's own values for a template: its overrides of settings a guild may have, secrets left out. */
async function templateSettingsOf(db: Queryable, guildId: string): Promise<CategorizedValues> {
  await findGuild(db, guildId);
  const rows = await selectSettingRows(db, guildId);
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

/** A template from a guild's overrides (secrets left out) or from given settings; a taken name is 409. */
export async function createTemplate(
  db: Db,
  body: CreateTemplateBody & { description: string },
  editor: ConfigEditor,
): Promise<ConfigTemplate> {
  let settings: CategorizedValues;
  if (body.fromGuildId !== undefined) settings = await templateSettingsOf(db, body.fromGuildId);
  else {
    settings = body.settings as CategorizedValues;
    refuseFields(categorizedErrors(settings));
  }
  if (!hasSettings(settings)) throw AppError.invalidField('settings', CONFIG_MESSAGES.templateEmpty);
  return db.transaction(async (tx) => {
    let row: TemplateRow;
    try {
      row = await insertTemplate(tx, {
        name: body.name,
        description: body.description,
        settings,
        sourceGuildId: body.fromGuildId ?? null,
        by: editor.actor.name,
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw new AppError('CONFLICT', CONFIG_MESSAGES.templateNameTaken, {
          fields: { name: CONFIG_MESSAGES.templateNameTaken },
        });
      }
      throw error;
    }
    await recordAudit(tx, {
      actor: editor.actor,
      action: 'config_template.created',
      target: { type: 'config_template', id: row.id },
      details: { name: row.name, sourceGuildId: row.source_guild_id, settings },
      ip: editor.ip,
    });
    return presentTemplate(row);
  });
}

async function findTemplate(db: Queryable, id: string): Promise<TemplateRow> {
  const template = await selectTemplate(db, id);
  if (!template) throw AppError.notFound(CONFIG_MESSAGES.templateNotFound);
  return template;
}

export async function deleteTemplate(db: Db, id: string, editor: ConfigEditor): Promise<void> {
  await db.transaction(async (tx) => {
    const name = await deleteTemplateRow(tx, id);
    if (name === null) throw AppError.notFound(CONFIG_MESSAGES.templateNotFound);
    await recordAudit(tx, {
      actor: editor.actor,
      action: 'config_template.deleted',
      target: { type: 'config_template', id },
      details: { name },
      ip: editor.ip,
    });
  });
}

/** Applies a template to guilds (one transaction) or previews it; checked against today's catalog first. */
export async function applyTemplate(
  db: Db,
  secrets: SecretBox,
  id: string,
  body: Required<Pick<ApplyBody, 'guildIds' | 'mode' | 'preview'>>,
  editor: ConfigEditor,
): Promise<GuildApplyResult[]> {
  const template = await findTemplate(db, id);
  refuseFields(categorizedErrors(template.settings));
  return applyToGuilds(
    db,
    secrets,
    {
      guildIds: body.guildIds,
      settings: template.settings as Partial<Record<SettingCategoryId, Record<string, never>>>,
      mode: body.mode,
      preview: body.preview,
      action: 'template',
      note: template.name,
    },
    editor,
  );
}

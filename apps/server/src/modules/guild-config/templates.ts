import {
  type ApplyBody,
  CONFIG_MESSAGES,
  type ConfigTemplate,
  type CreateTemplateBody,
  type SettingCategoryId,
} from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { recordAudit } from '../../core/audit';
import type { Db, Queryable } from '../../services/db/db';
import type { SecretBox } from './secret-box';
import {
  applyToGuilds,
  type CategorizedValues,
  type ConfigEditor,
  categorizedErrors,
  type GuildApplyResult,
  templateSettingsOf,
} from './settings-store';

/** Settings templates (issue 15): settings to apply to many guilds at once, never secrets. */

interface TemplateRow {
  id: string;
  name: string;
  description: string;
  settings: CategorizedValues;
  source_guild_id: string | null;
  created_by: string | null;
  created_at: Date;
}

const present = (row: TemplateRow): ConfigTemplate => ({
  id: row.id,
  name: row.name,
  description: row.description,
  settings: row.settings as ConfigTemplate['settings'],
  sourceGuildId: row.source_guild_id,
  createdBy: row.created_by,
  createdAt: new Date(row.created_at).toISOString(),
});

const COLUMNS = 'id, name, description, settings, source_guild_id, created_by, created_at';

const hasSettings = (settings: CategorizedValues) =>
  Object.values(settings).some((values) => values !== undefined && Object.keys(values).length > 0);

/** Refuses with 400 and a message per `category.key` field. */
function refuseFields(fields: Record<string, string>) {
  const first = Object.values(fields)[0];
  if (first !== undefined) throw new AppError('VALIDATION_FAILED', first, { fields });
}

export async function listTemplates(db: Queryable): Promise<ConfigTemplate[]> {
  const { rows } = await db.query<TemplateRow>(`SELECT ${COLUMNS} FROM config_templates ORDER BY lower(name)`);
  return rows.map(present);
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
      const { rows } = await tx.query<TemplateRow>(
        `INSERT INTO config_templates (name, description, settings, source_guild_id, created_by)
         VALUES ($1, $2, $3::jsonb, $4, $5) RETURNING ${COLUMNS}`,
        [body.name, body.description, JSON.stringify(settings), body.fromGuildId ?? null, editor.actor.name],
      );
      row = rows[0]!;
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
    return present(row);
  });
}

async function findTemplate(db: Queryable, id: string): Promise<TemplateRow> {
  const { rows } = await db.query<TemplateRow>(`SELECT ${COLUMNS} FROM config_templates WHERE id = $1`, [id]);
  if (!rows[0]) throw AppError.notFound(CONFIG_MESSAGES.templateNotFound);
  return rows[0];
}

export async function deleteTemplate(db: Db, id: string, editor: ConfigEditor): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string }>('DELETE FROM config_templates WHERE id = $1 RETURNING name', [id]);
    if (!rows[0]) throw AppError.notFound(CONFIG_MESSAGES.templateNotFound);
    await recordAudit(tx, {
      actor: editor.actor,
      action: 'config_template.deleted',
      target: { type: 'config_template', id },
      details: { name: rows[0].name },
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

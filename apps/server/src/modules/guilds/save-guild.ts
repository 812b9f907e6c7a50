import { duplicateGuildQuestion, type GuildTenant, guildNotFound } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { GuildDeps } from './guild-deps';
import { presentGuild } from './presenters';
import {
  GUILD_FIELDS,
  type GuildFields,
  insertGuild,
  lockGuildIdentity,
  type SameNamedGuild,
  selectGuild,
  selectSameNamedGuild,
  updateGuildRow,
} from './queries';

/** 409 naming the guild a new one would repeat; the admin may confirm and send again. */
function duplicateError(existing: SameNamedGuild) {
  const createdAt = existing.created_at.toISOString();
  return new AppError('GUILD_DUPLICATE', duplicateGuildQuestion({ ...existing, createdText: createdAt.slice(0, 10) }), {
    details: {
      existingGuildId: existing.id,
      existingGuildName: existing.guild_name,
      existingServer: existing.server,
      existingRegion: existing.region,
      existingCreatedAt: createdAt,
    },
  });
}

/**
 * Creates a guild tenant from the validated form; audited. A guild with the same name, server and region (case
 * aside) is refused with 409 naming it, unless the admin confirmed the duplicate.
 */
export async function createGuild(
  deps: GuildDeps,
  fields: GuildFields,
  by: Requester,
  options: { confirmDuplicate: boolean } = { confirmDuplicate: false },
): Promise<GuildTenant> {
  const guild = await deps.db.transaction(async (tx) => {
    if (!options.confirmDuplicate) {
      await lockGuildIdentity(tx, fields);
      const existing = await selectSameNamedGuild(tx, fields);
      if (existing) throw duplicateError(existing);
    }
    const id = await insertGuild(tx, fields);
    await recordAudit(tx, {
      actor: by.actor,
      action: 'guild.created',
      target: { type: 'guild', id },
      details: {
        guild_name: fields.guild_name,
        server: fields.server,
        region: fields.region,
        ...(options.confirmDuplicate ? { confirmedDuplicate: true } : {}),
      },
      ip: by.ip,
    });
    return (await selectGuild(tx, id))!;
  });
  deps.bus.publish({ type: 'guilds.changed', change: 'created', guildIds: [guild.id] });
  return presentGuild(guild);
}

/** The form fields whose value the update changes, for the audit record. */
function changedFields(before: GuildFields, after: GuildFields): string[] {
  return GUILD_FIELDS.filter((field) => before[field] !== after[field]);
}

/** Replaces a guild tenant's fields; 404 for an unknown id; audited with the fields that changed. */
export async function updateGuild(deps: GuildDeps, id: string, fields: GuildFields, by: Requester): Promise<GuildTenant> {
  const guild = await deps.db.transaction(async (tx) => {
    const before = await selectGuild(tx, id);
    if (!before || !(await updateGuildRow(tx, id, fields))) throw AppError.notFound(guildNotFound(id));
    await recordAudit(tx, {
      actor: by.actor,
      action: 'guild.updated',
      target: { type: 'guild', id },
      details: { guild_name: fields.guild_name, changed: changedFields(before as GuildFields, fields) },
      ip: by.ip,
    });
    return (await selectGuild(tx, id))!;
  });
  deps.bus.publish({ type: 'guilds.changed', change: 'updated', guildIds: [id] });
  return presentGuild(guild);
}

import type { GuildTenant } from '@guildhall/contract';
import type { GuildRow } from './queries';

/** A guild row as the API returns it; the columns' CHECK constraints hold the contract's allowed values. */
export function presentGuild(row: GuildRow): GuildTenant {
  return {
    id: row.id,
    guild_name: row.guild_name,
    server: row.server,
    region: row.region as GuildTenant['region'],
    faction: row.faction as GuildTenant['faction'],
    is_active: row.is_active,
    description: row.description,
    max_members: row.max_members,
    timezone: row.timezone as GuildTenant['timezone'],
    language: row.language as GuildTenant['language'],
    raid_schedule: row.raid_schedule,
    loot_system: row.loot_system as GuildTenant['loot_system'],
    public_logs: row.public_logs,
    recruitment_open: row.recruitment_open,
    website: row.website,
    discord_invite: row.discord_invite,
    contact_email: row.contact_email,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    memberCount: row.member_count,
  };
}

import { type GuildInput, type GuildTenant, guildInput } from '@guildhall/contract';

/** The form's state: text inputs hold strings, switches booleans. */
export interface GuildFormValues {
  guild_name: string;
  server: string;
  region: GuildTenant['region'];
  faction: GuildTenant['faction'];
  is_active: boolean;
  description: string;
  max_members: string;
  timezone: GuildTenant['timezone'];
  language: GuildTenant['language'];
  raid_schedule: string;
  loot_system: GuildTenant['loot_system'];
  public_logs: boolean;
  recruitment_open: boolean;
  website: string;
  discord_invite: string;
  contact_email: string;
}

/** A field of the guild form. */
export type GuildField = keyof GuildFormValues;
/** One message per field at most. */
export type GuildFieldErrors = Partial<Record<GuildField, string>>;

const DEFAULTS = guildInput.parse({ guild_name: 'xx', server: 'xx' });

/** A new guild's form: every default of the entity (spec 1 §3). */
export function emptyGuildForm(): GuildFormValues {
  return {
    guild_name: '',
    server: '',
    region: DEFAULTS.region,
    faction: DEFAULTS.faction,
    is_active: DEFAULTS.is_active,
    description: '',
    max_members: String(DEFAULTS.max_members),
    timezone: DEFAULTS.timezone,
    language: DEFAULTS.language,
    raid_schedule: '',
    loot_system: DEFAULTS.loot_system,
    public_logs: DEFAULTS.public_logs,
    recruitment_open: DEFAULTS.recruitment_open,
    website: '',
    discord_invite: '',
    contact_email: '',
  };
}

/** An existing guild's form. */
export function guildToForm(guild: GuildTenant): GuildFormValues {
  return {
    guild_name: guild.guild_name,
    server: guild.server,
    region: guild.region,
    faction: guild.faction,
    is_active: guild.is_active,
    description: guild.description ?? '',
    max_members: String(guild.max_members),
    timezone: guild.timezone,
    language: guild.language,
    raid_schedule: guild.raid_schedule ?? '',
    loot_system: guild.loot_system,
    public_logs: guild.public_logs,
    recruitment_open: guild.recruitment_open,
    website: guild.website ?? '',
    discord_invite: guild.discord_invite ?? '',
    contact_email: guild.contact_email ?? '',
  };
}

/** Checks the form with the contract's schema: the body to send, or the first message of each failing field. */
export function validateGuildForm(
  values: GuildFormValues,
): { success: true; body: GuildInput } | { success: false; errors: GuildFieldErrors } {
  const result = guildInput.safeParse(values);
  if (result.success) return { success: true, body: result.data };
  const errors: GuildFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values) errors[field as GuildField] ??= issue.message;
  }
  return { success: false, errors };
}

/** The server's field errors that belong to this form. */
export function formFieldErrors(fields: Record<string, string>): GuildFieldErrors {
  const known = Object.keys(emptyGuildForm());
  return Object.fromEntries(Object.entries(fields).filter(([field]) => known.includes(field))) as GuildFieldErrors;
}

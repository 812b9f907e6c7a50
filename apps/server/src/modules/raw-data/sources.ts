import type { RawEntityName } from '@guildhall/contract';

/**
 * Where each entity of the contract's description lives in SQL. Only this file and the description name SQL
 * identifiers: a name from the browser is looked up in the description, never written into a statement.
 */
export interface RawSource {
  /** The FROM clause; the entity's own table is aliased t. */
  from: string;
  /** The unique key that breaks ties in every order (the keyset's last parts), with the types its values cast back to. */
  key: readonly { column: string; cast: string }[];
  /** The condition that keeps one guild's rows, with the guild id as the given parameter. */
  guild: (param: string) => string;
  /** SQL of the columns that are not `t.<name>` (joined or converted). */
  expressions?: Readonly<Record<string, string>>;
  /** Exact types of the columns compared with parameters (keys, sort columns, ids), so their indexes serve. */
  casts: Readonly<Record<string, string>>;
}

const byGuildId = (param: string) => `t.guild_id = ${param}::uuid`;
const uuidKey = [{ column: 'id', cast: 'uuid' }] as const;
/**
 * A name beside an id of the row (issue 29: cross-tenant views named guilds by uuid): a lookup on the named table's
 * primary key, run for the rows of the page only, after the keyset has picked them.
 */
const nameSql = (table: string, column: string, idSql: string) => `(SELECT ${column} FROM ${table} n WHERE n.id = ${idSql})`;
const guildName = (idSql = 't.guild_id') => ({ guild_name: nameSql('guilds', 'n.guild_name', idSql) });

export const RAW_SOURCES: Readonly<Record<RawEntityName, RawSource>> = {
  characters: {
    from: 'characters t',
    key: uuidKey,
    guild: byGuildId,
    expressions: guildName(),
    casts: { id: 'uuid', guild_id: 'uuid', name: 'text', level: 'integer', created_at: 'timestamptz' },
  },
  loot_entries: {
    from: 'loot_entries t',
    key: uuidKey,
    guild: byGuildId,
    expressions: guildName(),
    casts: {
      id: 'uuid',
      guild_id: 'uuid',
      character_id: 'uuid',
      raid_event_id: 'uuid',
      item_id: 'integer',
      awarded_at: 'timestamptz',
    },
  },
  raid_events: {
    from: 'raid_events t',
    key: uuidKey,
    guild: byGuildId,
    expressions: guildName(),
    casts: { id: 'uuid', guild_id: 'uuid', name: 'text', starts_at: 'timestamptz' },
  },
  raid_attendance: {
    from: 'raid_attendance t JOIN raid_events e ON e.id = t.raid_event_id JOIN characters c ON c.id = t.character_id',
    key: [
      { column: 'raid_event_id', cast: 'uuid' },
      { column: 'character_id', cast: 'uuid' },
    ],
    guild: (param) => `e.guild_id = ${param}::uuid`,
    expressions: {
      guild_id: 'e.guild_id',
      raid_name: 'e.name',
      starts_at: 'e.starts_at',
      character_name: 'c.name',
      ...guildName('e.guild_id'),
    },
    casts: { raid_event_id: 'uuid', character_id: 'uuid', guild_id: 'uuid' },
  },
  discord_members: {
    from: 'discord_members t',
    key: uuidKey,
    guild: byGuildId,
    expressions: { roles: 'to_json(t.roles)', ...guildName() },
    casts: { id: 'uuid', guild_id: 'uuid', discord_user_id: 'text', username: 'text' },
  },
  character_links: {
    from: 'character_links t',
    key: uuidKey,
    guild: byGuildId,
    expressions: {
      character_name: nameSql('characters', 'n.name', 't.character_id'),
      member_name: nameSql('discord_members', 'coalesce(n.nickname, n.global_name, n.username)', 't.discord_member_id'),
      ...guildName(),
    },
    casts: { id: 'uuid', guild_id: 'uuid', character_id: 'uuid', discord_member_id: 'uuid', linked_at: 'timestamptz' },
  },
  guilds: {
    from: 'guilds t',
    key: uuidKey,
    guild: (param) => `t.id = ${param}::uuid`,
    casts: { id: 'uuid', guild_name: 'text', discord_guild_id: 'text', created_at: 'timestamptz' },
  },
  player_accounts: {
    from: 'player_accounts t',
    key: uuidKey,
    // A player belongs to a guild through its Discord user being a member of the guild's server.
    guild: (param) =>
      `EXISTS (SELECT 1 FROM discord_members m WHERE m.guild_id = ${param}::uuid AND m.discord_user_id = t.discord_id)`,
    casts: {
      id: 'uuid',
      discord_id: 'text',
      battlenet_id: 'text',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
  },
  audit_records: {
    from: 'audit_log t',
    key: [{ column: 'id', cast: 'bigint' }],
    // Records about the guild: the audit helper names a guild as target type 'guild' with its id.
    guild: (param) => `t.target_type = 'guild' AND t.target_id = ${param}::text`,
    casts: { id: 'bigint', created_at: 'timestamptz', actor_id: 'text', target_type: 'text', target_id: 'text', ip: 'text' },
  },
};

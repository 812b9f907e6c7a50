import type { GuildDataKind } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';

/** A table an export reads: the guild tenant row, or one kind of the guild's data. */
export type ExportTable = 'guild' | GuildDataKind;

export interface TableSpec {
  table: string;
  /** Rows of the guild (alias t), with the guild id as $1. */
  owned: string;
  /** A unique key in keyset order. */
  key: readonly string[];
  /** The key columns' types where they are not all uuid, in key order. */
  keyTypes?: readonly string[];
}

/**
 * Where each kind lives and how to walk it in keyset order, listed in foreign-key order: a dump that
 * inserts in this order restores into an empty schema without deferring any constraint.
 */
export const EXPORT_TABLES: Readonly<Record<ExportTable, TableSpec>> = {
  guild: { table: 'guilds', owned: 't.id = $1', key: ['id'] },
  discord_members: { table: 'discord_members', owned: 't.guild_id = $1', key: ['id'] },
  characters: { table: 'characters', owned: 't.guild_id = $1', key: ['id'] },
  raid_events: { table: 'raid_events', owned: 't.guild_id = $1', key: ['id'] },
  raid_attendance: {
    table: 'raid_attendance',
    owned: 't.raid_event_id IN (SELECT id FROM raid_events WHERE guild_id = $1)',
    key: ['raid_event_id', 'character_id'],
  },
  loot_entries: { table: 'loot_entries', owned: 't.guild_id = $1', key: ['id'] },
  character_links: { table: 'character_links', owned: 't.guild_id = $1', key: ['id'] },
};

/**
 * The guild's loot beyond its awards (loot_entries, above): settings versions, the DKP / EPGP ledger and its decay
 * runs, wishlists, the council's items, requests and votes; in foreign-key order after the tables above. The ledger's
 * per-character sums (loot_ledger_totals) are not dumped: the ledger's own triggers rebuild them as it is restored.
 */
const LOOT_DUMP_TABLES: readonly TableSpec[] = [
  { table: 'loot_rule_versions', owned: 't.guild_id = $1', key: ['version'], keyTypes: ['integer'] },
  { table: 'loot_ledger_entries', owned: 't.guild_id = $1', key: ['id'] },
  {
    table: 'loot_decay_runs',
    owned: 't.guild_id = $1',
    key: ['ledger', 'decay_week'],
    keyTypes: ['text', 'date'],
  },
  {
    table: 'loot_wishlist_items',
    owned: 't.guild_id = $1',
    key: ['character_id', 'item_id'],
    keyTypes: ['uuid', 'integer'],
  },
  { table: 'loot_council_items', owned: 't.guild_id = $1', key: ['id'] },
  {
    table: 'loot_requests',
    owned: 't.council_item_id IN (SELECT id FROM loot_council_items WHERE guild_id = $1)',
    key: ['id'],
  },
  {
    table: 'loot_council_votes',
    owned: 't.council_item_id IN (SELECT id FROM loot_council_items WHERE guild_id = $1)',
    key: ['id'],
  },
];

/** The dump's tables in insert order (foreign keys first): every kind of guild data, then its loot. */
export const DUMP_TABLES: readonly TableSpec[] = [...Object.values(EXPORT_TABLES), ...LOOT_DUMP_TABLES];

/** An identifier as SQL writes it: always quoted, quotes doubled. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A table's columns in table order, read from the catalog at export time, so a column a later
 * migration adds is exported and dumped without touching this code.
 */
export async function selectColumns(db: Queryable, table: string): Promise<string[]> {
  const { rows } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((row) => row.column_name);
}

/**
 * A table's columns that refer to a row outside the dump (a platform user who planned a raid, a raid series): an
 * empty schema has no such row, so the dump writes them NULL and the guild's own rows restore. Read from the
 * catalog, like the columns, so a reference a later migration adds is handled the same way.
 */
export async function selectOutsideReferences(db: Queryable, table: string, dumped: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ column_name: string }>(
    `SELECT DISTINCT a.attname AS column_name
       FROM pg_constraint c
       JOIN pg_class t ON t.oid = c.conrelid
       JOIN pg_class f ON f.oid = c.confrelid
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND t.relname = $1 AND t.relnamespace = current_schema()::regnamespace
        AND f.relname <> ALL ($2::text[])
      ORDER BY 1`,
    [table, dumped],
  );
  return rows.map((row) => row.column_name);
}

/** What one exported row is rendered as, by the database itself so values keep their exact text. */
export type RowRendering = 'json' | 'sql';

/**
 * The SELECT expression of one row: row_to_json for the JSON files (timestamps with microseconds,
 * numerics exact), or a parenthesised VALUES tuple of quote_nullable literals for the dump, which
 * PostgreSQL itself escapes.
 */
function renderExpression(rendering: RowRendering, columns: readonly string[], nulled: readonly string[]): string {
  if (rendering === 'json') return 'row_to_json(t)::text';
  const literal = (c: string) => (nulled.includes(c) ? `'NULL'` : `quote_nullable(t.${quoteIdent(c)})`);
  return `'(' || concat_ws(', ', ${columns.map(literal).join(', ')}) || ')'`;
}

/** One keyset page: the rendered rows and the key of the last one. */
export interface RenderedPage {
  rows: string[];
  lastKey: string[] | null;
}

/** The next page of a kind's rows after `after` (a key in keyset order), rendered. */
export async function selectRenderedPage(
  db: Queryable,
  spec: TableSpec,
  guildId: string,
  options: {
    as: RowRendering;
    columns: readonly string[];
    /** Columns the dump writes as NULL (selectOutsideReferences). */
    nulled?: readonly string[];
    after: readonly string[] | null;
    size: number;
  },
): Promise<RenderedPage> {
  const key = spec.key.map((c) => `t.${quoteIdent(c)}`);
  const values: unknown[] = [guildId];
  let where = spec.owned;
  if (options.after) {
    const placeholders = options.after.map((value, i) => {
      values.push(value);
      return `$${values.length}::${spec.keyTypes?.[i] ?? 'uuid'}`;
    });
    where += ` AND (${key.join(', ')}) > (${placeholders.join(', ')})`;
  }
  values.push(options.size);
  const { rows } = await db.query<{ rendered: string; key: string[] }>(
    `SELECT ${renderExpression(options.as, options.columns, options.nulled ?? [])} AS rendered, ARRAY[${key.join(', ')}]::text[] AS key
       FROM ${quoteIdent(spec.table)} t WHERE ${where}
      ORDER BY ${key.join(', ')} LIMIT $${values.length}`,
    values,
  );
  return { rows: rows.map((row) => row.rendered), lastKey: rows.length > 0 ? rows[rows.length - 1]!.key : null };
}

import type { GuildDataKind } from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';

/** A table an export reads: the guild tenant row, its loot settings versions, or one kind of the guild's data. */
export type ExportTable = 'guild' | 'loot_rule_versions' | GuildDataKind;

export interface TableSpec {
  table: string;
  /** Rows of the guild (alias t), with the guild id as $1. */
  owned: string;
  /** A unique key in keyset order. */
  key: readonly string[];
  /** The key columns' types where they are not all uuid, in key order. */
  keyTypes?: readonly string[];
  /**
   * Its JSON file writes numerics as exact decimal strings (a ledger's amounts, which a JSON reader would otherwise
   * parse into floating point) and references outside the export as NULL, as the dump does (who asked, who voted).
   */
  isExactInJson?: boolean;
}

/** Loot council rows of the guild: through its council items. */
const OF_GUILD_COUNCIL_ITEMS = 't.council_item_id IN (SELECT id FROM loot_council_items WHERE guild_id = $1)';

/**
 * Where each table lives and how to walk it in keyset order, listed in foreign-key order: a dump that inserts in this
 * order restores into an empty schema without deferring any constraint (but a ledger correction's, see guildSqlFile).
 * The loot beyond the awards (loot_entries) follows the guild's other tables: its settings versions, the DKP / EPGP
 * ledger and its decay runs, wishlists, the council's items, requests and votes. The ledger's per-character sums
 * (loot_ledger_totals) are not exported: they are the entries summed, and the ledger's own triggers rebuild them as a
 * dump is restored.
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
  loot_rule_versions: {
    table: 'loot_rule_versions',
    owned: 't.guild_id = $1',
    key: ['version'],
    keyTypes: ['integer'],
    isExactInJson: true,
  },
  loot_ledger_entries: { table: 'loot_ledger_entries', owned: 't.guild_id = $1', key: ['id'], isExactInJson: true },
  loot_decay_runs: {
    table: 'loot_decay_runs',
    owned: 't.guild_id = $1',
    key: ['ledger', 'decay_week'],
    keyTypes: ['text', 'date'],
    isExactInJson: true,
  },
  loot_wishlist_items: {
    table: 'loot_wishlist_items',
    owned: 't.guild_id = $1',
    key: ['character_id', 'item_id'],
    keyTypes: ['uuid', 'integer'],
    isExactInJson: true,
  },
  loot_council_items: { table: 'loot_council_items', owned: 't.guild_id = $1', key: ['id'], isExactInJson: true },
  loot_requests: { table: 'loot_requests', owned: OF_GUILD_COUNCIL_ITEMS, key: ['id'], isExactInJson: true },
  loot_council_votes: { table: 'loot_council_votes', owned: OF_GUILD_COUNCIL_ITEMS, key: ['id'], isExactInJson: true },
};

/** The exported tables in insert order (foreign keys first): the dump's, and those the JSON files may refer to. */
export const DUMP_TABLES: readonly TableSpec[] = Object.values(EXPORT_TABLES);

/** The names of the exported tables: a reference to any other table is outside the export. */
export const EXPORTED_TABLE_NAMES: readonly string[] = DUMP_TABLES.map((spec) => spec.table);

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

/** A table's numeric columns, from the catalog: the JSON files write them as exact decimal strings. */
export async function selectDecimalColumns(db: Queryable, table: string): Promise<string[]> {
  const { rows } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 AND data_type = 'numeric' ORDER BY ordinal_position`,
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

/** How the rows of one table are rendered. */
export interface Rendering {
  as: RowRendering;
  /** The table's columns in order (selectColumns); none: the JSON row as row_to_json writes it. */
  columns: readonly string[];
  /** Columns written as NULL (selectOutsideReferences). */
  nulled?: readonly string[];
  /** Columns a JSON row writes as decimal strings (selectDecimalColumns). */
  decimals?: readonly string[];
}

/**
 * The SELECT expression of one row: row_to_json for the JSON files (timestamps with microseconds), over the columns
 * with numerics as text and outside references NULL when they are given; or a parenthesised VALUES tuple of
 * quote_nullable literals for the dump, which PostgreSQL itself escapes.
 */
function renderExpression({ as, columns, nulled = [], decimals = [] }: Rendering): string {
  if (as === 'json') {
    if (columns.length === 0) return 'row_to_json(t)::text';
    const value = (c: string) => {
      if (nulled.includes(c)) return 'NULL';
      return decimals.includes(c) ? `t.${quoteIdent(c)}::text` : `t.${quoteIdent(c)}`;
    };
    const fields = columns.map((c) => `${value(c)} AS ${quoteIdent(c)}`);
    return `(SELECT row_to_json(r) FROM (SELECT ${fields.join(', ')}) r)::text`;
  }
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
  options: Rendering & { after: readonly string[] | null; size: number },
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
    `SELECT ${renderExpression(options)} AS rendered, ARRAY[${key.join(', ')}]::text[] AS key
       FROM ${quoteIdent(spec.table)} t WHERE ${where}
      ORDER BY ${key.join(', ')} LIMIT $${values.length}`,
    values,
  );
  return { rows: rows.map((row) => row.rendered), lastKey: rows.length > 0 ? rows[rows.length - 1]!.key : null };
}

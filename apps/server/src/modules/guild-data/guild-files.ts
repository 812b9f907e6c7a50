import type { Queryable } from '../../services/db/db';
import {
  DUMP_TABLES,
  EXPORT_TABLES,
  EXPORTED_TABLE_NAMES,
  type ExportTable,
  quoteIdent,
  type Rendering,
  selectColumns,
  selectDecimalColumns,
  selectOutsideReferences,
  selectRenderedPage,
  type TableSpec,
} from './export-queries';

/** Rows per keyset page: few round trips, flat memory. */
const PAGE_SIZE = 1000;

const AS_JSON = { as: 'json', columns: [] } as const;

/** Whether the download is still wanted; checked before each query so nothing runs after the client left. */
export type IsOpen = () => boolean;

/** Every row of one table of the guild, rendered, a page at a time. */
async function* renderedPages(
  reader: Queryable,
  spec: TableSpec,
  guildId: string,
  rendering: Rendering,
  isOpen: IsOpen,
): AsyncGenerator<string[]> {
  let after: string[] | null = null;
  while (isOpen()) {
    const page = await selectRenderedPage(reader, spec, guildId, { ...rendering, after, size: PAGE_SIZE });
    if (page.rows.length > 0) yield page.rows;
    if (page.rows.length < PAGE_SIZE) return;
    after = page.lastKey;
  }
}

/** guild.json: the guild tenant row as one object. */
export async function* guildJsonFile(reader: Queryable, guildId: string, isOpen: IsOpen): AsyncGenerator<string> {
  for await (const rows of renderedPages(reader, EXPORT_TABLES.guild, guildId, AS_JSON, isOpen)) yield `${rows[0]}\n`;
}

/** How a table's JSON file renders its rows: as row_to_json writes them, or exact (TableSpec.isExactInJson). */
async function jsonRenderingOf(reader: Queryable, spec: TableSpec): Promise<Rendering> {
  if (!spec.isExactInJson) return AS_JSON;
  // One after another: the reader is the snapshot's one connection.
  const columns = await selectColumns(reader, spec.table);
  const nulled = await selectOutsideReferences(reader, spec.table, EXPORTED_TABLE_NAMES);
  const decimals = await selectDecimalColumns(reader, spec.table);
  return { as: 'json', columns, nulled, decimals };
}

/** {table}.json (a kind of data, or the loot settings versions): a JSON array of every row of the guild's. */
export async function* tableJsonFile(
  reader: Queryable,
  table: Exclude<ExportTable, 'guild'>,
  guildId: string,
  isOpen: IsOpen,
): AsyncGenerator<string> {
  const spec = EXPORT_TABLES[table];
  const rendering = await jsonRenderingOf(reader, spec);
  let isFirst = true;
  yield '[';
  for await (const rows of renderedPages(reader, spec, guildId, rendering, isOpen)) {
    yield `${isFirst ? '\n' : ',\n'}${rows.join(',\n')}`;
    isFirst = false;
  }
  yield isFirst ? ']\n' : '\n]\n';
}

/**
 * guild.sql: INSERT statements that restore exactly this guild's rows into an empty Guildhall schema
 * (migrations applied, no data), in foreign-key order, in one transaction. Literals are rendered by
 * PostgreSQL's quote_nullable, so every value round-trips as the database holds it, but for references to rows
 * outside the dump (who planned a raid, its series), written NULL: the empty schema has no such rows.
 */
export async function* guildSqlFile(
  reader: Queryable,
  guild: { id: string; guild_name: string },
  isOpen: IsOpen,
): AsyncGenerator<string> {
  const heading = `${guild.guild_name} (${guild.id})`.replace(/[\r\n]+/g, ' ');
  yield `-- Guildhall guild dump: ${heading}, ${new Date().toISOString()}\n`;
  yield '-- Restores this guild and its data into an empty Guildhall schema (migrations applied, no rows).\n';
  // A ledger correction may name an entry later in key order: its deferrable check waits for COMMIT.
  yield "SET client_encoding = 'UTF8';\nSET standard_conforming_strings = on;\nBEGIN;\nSET CONSTRAINTS ALL DEFERRED;\n";
  for (const spec of DUMP_TABLES) {
    const columns = await selectColumns(reader, spec.table);
    const nulled = await selectOutsideReferences(reader, spec.table, EXPORTED_TABLE_NAMES);
    const insert = `INSERT INTO ${quoteIdent(spec.table)} (${columns.map(quoteIdent).join(', ')}) VALUES\n`;
    yield `\n-- ${spec.table}${nulled.length ? ` (outside the dump, written NULL: ${nulled.join(', ')})` : ''}\n`;
    for await (const rows of renderedPages(reader, spec, guild.id, { as: 'sql', columns, nulled }, isOpen))
      yield `${insert}${rows.join(',\n')};\n`;
  }
  yield '\nCOMMIT;\n';
}

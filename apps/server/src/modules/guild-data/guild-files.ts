import type { Queryable } from '../../services/db/db';
import {
  DUMP_TABLES,
  EXPORT_TABLES,
  type ExportTable,
  quoteIdent,
  type RowRendering,
  selectColumns,
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
  rendering: { as: RowRendering; columns: readonly string[]; nulled?: readonly string[] },
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

/** {kind}.json: a JSON array of every row of that kind, as the database holds it. */
export async function* kindJsonFile(
  reader: Queryable,
  kind: Exclude<ExportTable, 'guild'>,
  guildId: string,
  isOpen: IsOpen,
): AsyncGenerator<string> {
  let isFirst = true;
  yield '[';
  for await (const rows of renderedPages(reader, EXPORT_TABLES[kind], guildId, AS_JSON, isOpen)) {
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
  const dumped = DUMP_TABLES.map((spec) => spec.table);
  for (const spec of DUMP_TABLES) {
    const columns = await selectColumns(reader, spec.table);
    const nulled = await selectOutsideReferences(reader, spec.table, dumped);
    const insert = `INSERT INTO ${quoteIdent(spec.table)} (${columns.map(quoteIdent).join(', ')}) VALUES\n`;
    yield `\n-- ${spec.table}${nulled.length ? ` (outside the dump, written NULL: ${nulled.join(', ')})` : ''}\n`;
    for await (const rows of renderedPages(reader, spec, guild.id, { as: 'sql', columns, nulled }, isOpen))
      yield `${insert}${rows.join(',\n')};\n`;
  }
  yield '\nCOMMIT;\n';
}

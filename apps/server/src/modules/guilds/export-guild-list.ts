import { Readable } from 'node:stream';
import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { Queryable } from '../../services/db/db';
import { type CsvValue, csvRow } from './csv';
import { type GuildFilters, type GuildRow, selectGuildExportPage } from './queries';

/** Rows per keyset page: big enough to keep round trips few, small enough that memory stays flat. */
const PAGE_SIZE = 1000;

/** The export's columns: the guild tenant's fields, named as the API names them. */
const COLUMNS: readonly [string, (row: GuildRow) => CsvValue][] = [
  ['id', (g) => g.id],
  ['guild_name', (g) => g.guild_name],
  ['server', (g) => g.server],
  ['region', (g) => g.region],
  ['faction', (g) => g.faction],
  ['is_active', (g) => g.is_active],
  ['memberCount', (g) => g.member_count],
  ['max_members', (g) => g.max_members],
  ['description', (g) => g.description],
  ['timezone', (g) => g.timezone],
  ['language', (g) => g.language],
  ['raid_schedule', (g) => g.raid_schedule],
  ['loot_system', (g) => g.loot_system],
  ['public_logs', (g) => g.public_logs],
  ['recruitment_open', (g) => g.recruitment_open],
  ['website', (g) => g.website],
  ['discord_invite', (g) => g.discord_invite],
  ['contact_email', (g) => g.contact_email],
  ['created_at', (g) => g.created_at],
  ['updated_at', (g) => g.updated_at],
];

/** Rows per chunk written: ~15 KB strings stay in V8's young generation, where they are freed cheaply. */
const CHUNK_ROWS = 64;

/** A page of rows as CSV chunks of CHUNK_ROWS records. */
function* csvChunks(rows: readonly GuildRow[]) {
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    yield rows
      .slice(start, start + CHUNK_ROWS)
      .map((row) => csvRow(COLUMNS.map(([, value]) => value(row))))
      .join('');
  }
}

/** 'guilds-2025-03-14.csv', dated in UTC. */
export const guildListFilename = (now = new Date()) => `guilds-${now.toISOString().slice(0, 10)}.csv`;

/**
 * The CSV of every guild matching the filters, newest first, as a stream: keyset pages of 1000 rows are
 * read as the client takes them (backpressure), so memory stays flat whatever the table's size. The
 * first page is read before the stream is returned, so a failing query still answers with an error
 * status instead of a cut-off file. Audited as an export with its filters.
 */
export async function exportGuildList(db: Queryable, filters: GuildFilters, by: Requester): Promise<Readable> {
  const first = await selectGuildExportPage(db, filters, null, PAGE_SIZE);
  await recordAudit(db, {
    actor: by.actor,
    action: 'guild.list_exported',
    details: { format: 'csv', filters: { search: filters.search ?? null, status: filters.status, region: filters.region } },
    ip: by.ip,
  });
  async function* chunks() {
    yield csvRow(COLUMNS.map(([name]) => name));
    let page = first;
    while (page.length > 0) {
      yield* csvChunks(page);
      if (page.length < PAGE_SIZE) return;
      const last = page[page.length - 1]!;
      page = await selectGuildExportPage(db, filters, { createdAt: last.cursor_created_at, id: last.id }, PAGE_SIZE);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

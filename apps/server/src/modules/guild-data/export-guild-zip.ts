import { Readable } from 'node:stream';
import { GUILD_DATA_KINDS, type GuildExportType, guildNotFound, guildZipFilename } from '@guildhall/contract';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import { AppError } from '../../core/app-error';
import type { Requester } from '../../core/audit';
import { recordAudit } from '../../core/audit';
import type { Db, Queryable } from '../../services/db/db';
import { selectGuild } from '../guilds/queries';
import { guildJsonFile, guildSqlFile, type IsOpen, tableJsonFile } from './guild-files';

/** What a guild export needs from the app. */
export interface ExportDeps {
  db: Db;
  log: FastifyBaseLogger;
}

type FileSource = (reader: Queryable, isOpen: IsOpen) => AsyncGenerator<string>;

/** The zip's files: guild.json, the guild's loot settings versions and one JSON file per kind, or the SQL dump alone. */
function filesOf(type: GuildExportType, guild: { id: string; guild_name: string }): [string, FileSource][] {
  if (type === 'dump') return [['guild.sql', (reader, isOpen) => guildSqlFile(reader, guild, isOpen)]];
  return [
    ['guild.json', (reader, isOpen) => guildJsonFile(reader, guild.id, isOpen)],
    ...(['loot_rule_versions', ...GUILD_DATA_KINDS] as const).map((table): [string, FileSource] => [
      `${table}.json`,
      (reader, isOpen) => tableJsonFile(reader, table, guild.id, isOpen),
    ]),
  ];
}

/**
 * Streams one guild's data as a zip: each file is read from the database in keyset pages only when
 * the zip writer reaches it and the client takes the bytes, so memory stays flat. All files come from
 * one read-only snapshot (on PostgreSQL), so the dump never names a row it does not contain. 404 for
 * an unknown guild, before any byte is sent. Audited.
 */
export async function exportGuildZip(deps: ExportDeps, guildId: string, type: GuildExportType, by: Requester) {
  const guild = await selectGuild(deps.db, guildId);
  if (!guild) throw AppError.notFound(guildNotFound(guildId));
  await recordAudit(deps.db, {
    actor: by.actor,
    action: 'guild.data_exported',
    target: { type: 'guild', id: guild.id },
    details: { guild_name: guild.guild_name, type },
    ip: by.ip,
  });

  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const entries = new Set<Readable>();
  let isOpen = true;
  // 'close' comes after the last byte was taken, or when the client went away and Fastify destroyed the stream.
  const closed = new Promise<void>((resolve) =>
    output.once('close', () => {
      isOpen = false;
      for (const entry of entries) entry.destroy();
      resolve();
    }),
  );
  zip.on('error', (error: Error) => output.destroy(error));

  deps.db
    .readOnlySnapshot(async (reader) => {
      for (const [name, source] of filesOf(type, guild)) {
        zip.addReadStreamLazy(name, (done) => {
          const entry = Readable.from(
            source(reader, () => isOpen),
            { objectMode: false },
          );
          entries.add(entry);
          done(null, entry);
        });
      }
      zip.end();
      await closed;
    })
    .catch((error: unknown) => {
      deps.log.error({ err: error, guildId }, 'guild export failed');
      output.destroy(error as Error);
    });

  return { stream: output, filename: guildZipFilename(guild.guild_name, type) };
}

import { once } from 'node:events';
import { pipeline, type Readable, Transform } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { AppError } from '../../core/app-error';

const LF = 0x0a;
const QUOTE = 0x22;
const CRLF = Buffer.from('\r\n');

/**
 * COPY's CSV ends records with LF; RFC 4180 (and the PGlite path) with CRLF. Quotes are counted across chunks
 * so an LF inside a quoted field stays as it is. indexOf keeps the scan native: a few % of the export's time.
 */
export function crlfRecords(): Transform {
  let isQuoted = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const parts: Buffer[] = [];
      let start = 0;
      let quote = chunk.indexOf(QUOTE);
      let lf = chunk.indexOf(LF);
      while (lf !== -1) {
        while (quote !== -1 && quote < lf) {
          isQuoted = !isQuoted;
          quote = chunk.indexOf(QUOTE, quote + 1);
        }
        if (!isQuoted) {
          parts.push(chunk.subarray(start, lf), CRLF);
          start = lf + 1;
        }
        lf = chunk.indexOf(LF, lf + 1);
      }
      while (quote !== -1) {
        isQuoted = !isQuoted;
        quote = chunk.indexOf(QUOTE, quote + 1);
      }
      parts.push(chunk.subarray(start));
      done(null, Buffer.concat(parts));
    },
  });
}

/** One JSON text a line (COPY's output) as a JSON array: `[`, rows separated by `,\n`, `]`. */
export function jsonArrayOfLines(): Transform {
  let isLineStart = true;
  let isFirst = true;
  const open = Buffer.from('[');
  const comma = Buffer.from(',\n');
  const newline = Buffer.from('\n');
  let hasOpened = false;
  const line = (parts: Buffer[], segment: Buffer) => {
    if (segment.length === 0) return;
    if (isLineStart) parts.push(isFirst ? newline : comma);
    isFirst = false;
    isLineStart = false;
    parts.push(segment);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const parts: Buffer[] = hasOpened ? [] : [open];
      hasOpened = true;
      let start = 0;
      let lf = chunk.indexOf(LF);
      while (lf !== -1) {
        line(parts, chunk.subarray(start, lf));
        isLineStart = true;
        start = lf + 1;
        lf = chunk.indexOf(LF, start);
      }
      line(parts, chunk.subarray(start));
      done(null, Buffer.concat(parts));
    },
    flush(done) {
      done(null, hasOpened ? '\n]\n' : '[\n]\n');
    },
  });
}

/** A COPY ... TO STDOUT under way: its bytes, framed by `frame`, and its end. */
export interface CopyExport {
  stream: Readable;
}

/**
 * Runs `COPY (...) TO STDOUT` on a connection of its own inside a REPEATABLE READ READ ONLY transaction and
 * streams its bytes through `frame`, with backpressure all the way to the socket. Resolves once the first bytes
 * (or the end) arrived, so a failing statement is an error status rather than a cut-off file. When the client
 * goes away the pipeline is destroyed and the socket closed: PostgreSQL ends the backend (and the COPY) at its
 * next write, and no pool connection is involved.
 */
export async function startCopyExport(databaseUrl: string, copySql: string, frame: Transform): Promise<CopyExport> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'guildhall export' });
  client.on('error', () => undefined);
  await client.connect().catch(() => {
    throw AppError.serviceUnavailable('PostgreSQL');
  });
  const close = (isComplete: boolean) => {
    // A COPY cut short still owns the socket: closing it is the only way to stop the backend without waiting.
    if (!isComplete) (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    client.end().catch(() => undefined);
  };
  let copy: Readable;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // A file loses nothing: bytea as \x hex whatever the database's default.
    await client.query(`SELECT set_config('bytea_output', 'hex', true)`);
    copy = client.query(copyTo(copySql));
    // 'readable' also comes at the end of an empty result; a failing COPY rejects here.
    await once(copy, 'readable');
  } catch (error) {
    close(false);
    throw error;
  }
  const stream = pipeline(copy, frame, (error) => close(!error));
  return { stream };
}

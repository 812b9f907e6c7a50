import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { type CsvValue, csvRow } from '../guilds/csv';
import { exportRow } from './present-value';
import { approximateBytes, runInQueryTransaction } from './query-session';
import { nextBatchSize, noteRun, type QueryContext } from './run-query';

/** A statement whose whole result becomes a file. */
export interface ExportQueryInput {
  query: string;
  format: 'csv' | 'json';
}

function csvValue(value: unknown): CsvValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  return JSON.stringify(value);
}

function formatter(format: ExportQueryInput['format']) {
  let isFirst = true;
  return {
    head: (names: string[]) => (format === 'csv' ? csvRow(names) : '['),
    row(row: Record<string, unknown>, names: string[]) {
      const presented = exportRow(row);
      if (format === 'csv') return csvRow(names.map((name) => csvValue(presented[name])));
      const text = `${isFirst ? '\n' : ',\n'}${JSON.stringify(presented)}`;
      isFirst = false;
      return text;
    },
    tail: () => (format === 'csv' ? '' : isFirst ? ']\n' : '\n]\n'),
  };
}

/** Writes a chunk, waiting while the client is slower than the database; false once the client has gone. */
function write(stream: PassThrough, chunk: string): Promise<boolean> {
  if (stream.destroyed) return Promise.resolve(false);
  if (stream.write(chunk)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (isOpen: boolean) => () => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      resolve(isOpen);
    };
    const onDrain = done(true);
    const onClose = done(false);
    stream.once('drain', onDrain);
    stream.once('close', onClose);
  });
}

/**
 * Streams a statement's whole result (read-only transaction, statement timeout) as CSV or a JSON array, a batch
 * of rows at a time (as many as fit in a few megabytes) through the cursor, so memory does not grow with the result. Resolves once the first batch
 * is read: a failing statement is still a 400, not a broken download.
 */
export async function exportQuery(
  context: QueryContext,
  input: ExportQueryInput,
): Promise<{ stream: Readable; filename: string }> {
  const queryId = randomUUID();
  const startedAt = new Date();
  const start = performance.now();
  const stream = new PassThrough();
  const format = formatter(input.format);
  let rowCount = 0;
  let hasStarted = false;
  let started: (() => void) | null = null;
  const isStarted = new Promise<void>((resolve) => {
    started = () => {
      hasStarted = true;
      resolve();
    };
  });
  const run = runInQueryTransaction(
    context,
    input.query,
    { queryId, isReadOnly: true, timeoutMs: context.timeoutMs },
    async (reader) => {
      // Batches sized by the bytes of the rows so far (run-query's nextBatchSize): huge rows come one at a time.
      let bytes = 0;
      const readBatch = async () => {
        const batch = await reader.read(nextBatchSize(bytes, rowCount));
        for (const row of batch) bytes += approximateBytes(row);
        return batch;
      };
      let rows = await readBatch();
      const names = reader.fields().map((field) => field.name);
      started?.();
      let isOpen = await write(stream, format.head(names));
      while (isOpen && rows.length > 0) {
        rowCount += rows.length;
        isOpen = await write(stream, rows.map((row) => format.row(row, names)).join(''));
        if (isOpen) rows = await readBatch();
      }
      await reader.close();
      if (isOpen) stream.end(format.tail());
    },
  );
  const finished = run.then(
    () => null,
    (error: unknown) => error,
  );
  const failure = await Promise.race([isStarted.then(() => null), finished]);
  void finished.then(async (error) => {
    const message = error instanceof Error ? error.message : error ? String(error) : null;
    // Once the download has begun, an error can only cut it short; before, the handler answers it instead.
    if (error && hasStarted) stream.destroy(error instanceof Error ? error : new Error(String(error)));
    else if (error) stream.destroy();
    await noteRun(
      context,
      {
        kind: 'export',
        query: input.query,
        isReadOnly: true,
        startedAt,
        durationMs: performance.now() - start,
        rowCount: message ? null : rowCount,
        error: message,
      },
      { queryId, format: input.format },
    ).catch(() => undefined);
  });
  if (failure) throw failure;
  return { stream, filename: `query-${startedAt.toISOString().replace(/[:.]/g, '-')}.${input.format}` };
}

/// <reference path="./pino-roll.d.ts" />
import path from 'node:path';
import pinoRoll, { type RollingFileStream } from 'pino-roll';
import { LOG_FILE_EXTENSION, type LogFileLocation, logFileStem } from './log-files';

/** The rotating files one logger writes. */
export interface LogFileWriter {
  /** pino's multistream writes each line here. */
  write(line: string): void;
  /** The path being written now. */
  currentFile(): string;
  /** Resolves once every line written so far is on disk, so a search sees the request it follows. */
  flush(): Promise<void>;
  /** Ends the file; later lines are dropped (they still reach stdout). */
  close(): Promise<void>;
}

/** Size and count bounds of the files. */
export interface LogFileBounds extends LogFileLocation {
  maxFileBytes: number;
  /** Files kept, the one being written included. */
  fileCount: number;
}

// Lines are buffered up to this many bytes (and at most FLUSH_MS) before a write: fewer system calls under load.
const BUFFER_BYTES = 4096;
const FLUSH_MS = 1000;
// A flush that never hears back (a disk gone away) must not hold a search forever.
const FLUSH_TIMEOUT_MS = 2000;

/**
 * Opens `<dir>/guildhall-<instance>.<n>.log` with pino-roll: a new file past maxFileBytes, the oldest removed
 * beyond fileCount (pino-roll counts the files besides the current one, and keeps at least one of those).
 */
export async function openLogFileWriter(bounds: LogFileBounds, onError: (error: Error) => void): Promise<LogFileWriter> {
  const stream: RollingFileStream = await pinoRoll({
    file: path.join(bounds.dir, logFileStem(bounds.instanceId)),
    extension: LOG_FILE_EXTENSION,
    // A bare number means megabytes to pino-roll; 'b' means bytes.
    size: `${bounds.maxFileBytes}b`,
    limit: { count: Math.max(1, bounds.fileCount - 1), removeOtherLogFiles: true },
    mkdir: true,
    minLength: BUFFER_BYTES,
    periodicFlush: FLUSH_MS,
  });
  let isClosed = false;
  stream.on('error', (error: Error) => {
    // A file that cannot be written stops file logging, never the server.
    isClosed = true;
    onError(error);
  });

  const settle = (work: (done: () => void) => void) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, FLUSH_TIMEOUT_MS);
      timer.unref();
      work(() => {
        clearTimeout(timer);
        resolve();
      });
    });

  return {
    write(line) {
      if (!isClosed) stream.write(line);
    },
    currentFile: () => stream.file,
    flush: () => (isClosed ? Promise.resolve() : settle((done) => stream.flush(() => done()))),
    async close() {
      if (isClosed) return;
      isClosed = true;
      await settle((done) => {
        stream.once('close', done);
        stream.end();
      });
    },
  };
}

import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/**
 * Calls `onLine` with each line of a file, in order, reading it as a stream: a file is never held in memory.
 * `onLine` returns false to stop early. A file removed by rotation meanwhile reads as empty.
 */
export async function readLogLines(filePath: string, onLine: (line: string) => boolean | undefined): Promise<void> {
  const input = createReadStream(filePath, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of lines) {
      if (onLine(line) === false) break;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  } finally {
    lines.close();
    input.destroy();
  }
}

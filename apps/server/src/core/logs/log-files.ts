import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** The instance id as a file name part: processes sharing a data directory each write files of their own. */
export function fileSafeInstance(instanceId: string): string {
  return instanceId.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 100) || 'server';
}

/** The name every log file of this instance starts with; pino-roll adds `.<number>.log`. */
export function logFileStem(instanceId: string): string {
  return `guildhall-${fileSafeInstance(instanceId)}`;
}

/** The extension pino-roll appends after the file number. */
export const LOG_FILE_EXTENSION = 'log';

/** One log file this instance wrote. */
export interface StoredLogFile {
  name: string;
  path: string;
  /** pino-roll's counter: higher is newer. */
  number: number;
  size: number;
  modifiedAt: Date;
}

/** Where an instance keeps its log files. */
export interface LogFileLocation {
  dir: string;
  instanceId: string;
}

/** The file number of a name this instance writes, or null for any other name. */
export function logFileNumber(name: string, instanceId: string): number | null {
  const stem = logFileStem(instanceId);
  if (!name.startsWith(`${stem}.`) || !name.endsWith(`.${LOG_FILE_EXTENSION}`)) return null;
  const middle = name.slice(stem.length + 1, -LOG_FILE_EXTENSION.length - 1);
  return /^\d{1,9}$/.test(middle) ? Number(middle) : null;
}

/** The files of this instance in its log directory, newest first; none when the directory does not exist. */
export async function listLogFiles({ dir, instanceId }: LogFileLocation): Promise<StoredLogFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const files: StoredLogFile[] = [];
  for (const name of names) {
    const number = logFileNumber(name, instanceId);
    if (number === null) continue;
    const filePath = path.join(dir, name);
    try {
      const info = await stat(filePath);
      if (info.isFile()) files.push({ name, path: filePath, number, size: info.size, modifiedAt: info.mtime });
    } catch {
      // Removed by rotation between readdir and stat.
    }
  }
  return files.sort((a, b) => b.number - a.number);
}

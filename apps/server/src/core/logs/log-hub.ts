import { LOG_LIMITS, type LogEntry, type LogFilter } from '@guildhall/contract';
import { entryMatcher, parseLogLine } from './log-entry';
import type { LogFileWriter } from './log-file-writer';
import { type LogFileLocation, listLogFiles, type StoredLogFile } from './log-files';
import { LogRing } from './log-ring';

/** Longest line the ring keeps whole: a huge one keeps its message, and its fields stay in the files. */
const RING_LINE_MAX_CHARS = 16 * 1024;
const RING_MESSAGE_MAX_CHARS = 2000;

type Listener = (entry: LogEntry) => void;

interface Subscription {
  matches: (entry: LogEntry) => boolean;
  listener: Listener;
}

/** A line waiting to go out, and the subscriber whose handling logged it (it does not get its own lines back). */
interface Delivery {
  entry: LogEntry;
  origin: Subscription | null;
}

/**
 * This process's logs as the console reads them: the ring of recent lines that live tails start from, the tails
 * listening now, and the files. pino writes every line into it (see logger.ts).
 */
export class LogHub {
  private readonly ring: LogRing<LogEntry>;
  private readonly listeners = new Set<Subscription>();
  private fileWriter: LogFileWriter | null = null;
  // Lines logged while another goes out (a tail dropping its slow client logs a warning) wait their turn, so every
  // tail sees lines in order and nothing recurses.
  private readonly queue: Delivery[] = [];
  private sendingTo: Subscription | null = null;
  private isDelivering = false;

  constructor(
    readonly location: LogFileLocation,
    capacity: number = LOG_LIMITS.ring,
  ) {
    this.ring = new LogRing(capacity);
  }

  /** pino's multistream target for the ring and the tails. */
  readonly stream = { write: (line: string) => this.record(line) };

  /** Called by the logger once the files are open (null: file logging is off). */
  attachFiles(writer: LogFileWriter | null) {
    this.fileWriter = writer;
  }

  private record(line: string) {
    const entry = parseLogLine(line.trimEnd(), this.location.instanceId);
    if (!entry) return;
    if (line.length > RING_LINE_MAX_CHARS) {
      entry.message = entry.message.slice(0, RING_MESSAGE_MAX_CHARS);
      entry.fields = { truncated: `${line.length} characters; the whole line is in the log files` };
    }
    this.ring.push(entry);
    this.queue.push({ entry, origin: this.sendingTo });
    if (this.isDelivering) return;
    this.isDelivering = true;
    try {
      for (let next = this.queue.shift(); next; next = this.queue.shift()) this.deliver(next);
    } finally {
      this.isDelivering = false;
      this.sendingTo = null;
    }
  }

  private deliver({ entry, origin }: Delivery) {
    // A copy: a tail may end (and unsubscribe) while lines go out.
    for (const subscription of [...this.listeners]) {
      if (subscription === origin || !this.listeners.has(subscription) || !subscription.matches(entry)) continue;
      this.sendingTo = subscription;
      try {
        subscription.listener(entry);
      } catch {
        // A tail that fails on a line is cut off; the line that was being logged must not fail with it.
        this.listeners.delete(subscription);
      } finally {
        this.sendingTo = null;
      }
    }
  }

  /** Up to `limit` of the newest lines in memory that pass the filter, oldest first. */
  recent(filter: LogFilter, limit: number = LOG_LIMITS.tailBackfill): LogEntry[] {
    const { matches } = entryMatcher(filter);
    return this.ring.newest(limit, matches);
  }

  /** Calls `listener` with every new line that passes the filter until the returned function is called. */
  subscribe(filter: LogFilter, listener: Listener): () => void {
    const subscription: Subscription = { matches: entryMatcher(filter).matches, listener };
    this.listeners.add(subscription);
    return () => {
      this.listeners.delete(subscription);
    };
  }

  /** Live tails open now (GET /api/admin/logs/stream). */
  streamCount(): number {
    return this.listeners.size;
  }

  /** This instance's files, newest first, once what was logged so far is on disk. */
  async files(): Promise<StoredLogFile[]> {
    await this.fileWriter?.flush();
    return listLogFiles(this.location);
  }

  /** The path being written now, if the files are on. */
  currentFile(): string | null {
    return this.fileWriter?.currentFile() ?? null;
  }
}

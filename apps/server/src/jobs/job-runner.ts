import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../core/event-bus';
import type { Db, Queryable } from '../services/db/db';
import {
  JobFailure,
  type JobKind,
  type JobQueue,
  type JobRecord,
  type JobRow,
  type JobSpec,
  jobRecordOf,
  type RunningJob,
} from '../services/job-queue';
import {
  claimNextJob,
  failJob,
  finishJob,
  insertJob,
  type Lease,
  renewLease,
  retryJob,
  saveJobProgress,
  selectJob,
} from './job-queries';

/** What the runner needs from the app. */
export interface JobRunnerDeps {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  /** config.instanceId: named on the leases this process holds. */
  instanceId: string;
  /** config.jobs: how long a lease lasts (renewed at a third of it) and how often queued jobs are looked for. */
  leaseMs: number;
  pollMs: number;
}

/** Jobs one process runs side by side from the queue (a job run at once for a waiting caller is not counted). */
const MAX_CLAIMED = 4;
const DEFAULT_RETRY_DELAY_MS = (attempts: number) => 10_000 * attempts;

// biome-ignore lint/suspicious/noExplicitAny: kinds of every shape live in one map; each is used with its own record.
type AnyKind = JobKind<any, any, any>;

/** The write that lost its lease: the job belongs to another runner now, so this one stops without a trace. */
class LeaseLost extends Error {}

/**
 * The one job runner of a process, created at boot (app.jobs). It claims due jobs of the registered kinds with a
 * lease, renews the lease while the body runs, saves and announces progress and the end through the kind, retries
 * a retryable failure up to the kind's attempts, and on close stops the bodies and leaves their jobs to the next
 * claim (a lease that runs out), so a job outlives the process that started it and runs once across processes.
 */
export class JobRunner implements JobQueue {
  private readonly registered = new Map<string, AnyKind>();
  /** The jobs this process runs, each with the abort that stops its body. */
  private readonly executions = new Map<string, { stop: AbortController; done: Promise<unknown> }>();
  private claimed = 0;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private isPollWanted = false;
  private isStopped = true;

  constructor(private readonly deps: JobRunnerDeps) {}

  register<I, P, R>(kind: JobKind<I, P, R>): void {
    const known = this.registered.get(kind.name);
    if (known && known !== kind) throw new Error(`Job kind ${kind.name} is registered twice`);
    this.registered.set(kind.name, kind);
  }

  kinds(): string[] {
    return [...this.registered.keys()];
  }

  async enqueue<I, P, R>(kind: JobKind<I, P, R>, spec: JobSpec<I>): Promise<JobRecord<I, P, R> | null> {
    const row = await insertJob(this.deps.db, kind, spec, null);
    if (row) this.wake();
    return row ? jobRecordOf<I, P, R>(row) : null;
  }

  async run<I, P, R>(kind: JobKind<I, P, R>, spec: JobSpec<I>): Promise<JobRecord<I, P, R>> {
    const lease = this.newLease();
    const row = await insertJob(this.deps.db, kind, spec, lease);
    if (!row) throw new Error(`Job kind ${kind.name} already has a job for ${spec.target}`);
    let failure: unknown = null;
    const ended = await this.track(row, lease, (error) => {
      failure = error;
    });
    if (failure !== null) throw failure;
    if (!ended) throw new Error(`Job ${row.id} did not finish in this process`);
    return ended as JobRecord<I, P, R>;
  }

  async read<I, P, R>(kind: JobKind<I, P, R>, id: string): Promise<JobRecord<I, P, R> | null> {
    const row = await selectJob(this.deps.db, kind.name, id);
    return row ? jobRecordOf<I, P, R>(row) : null;
  }

  /** Starts claiming: at once (jobs left by a stopped process), then every pollMs and whenever a job is queued here. */
  start(): void {
    if (!this.isStopped) return;
    this.isStopped = false;
    this.wake();
  }

  /** Stops claiming, stops every body this process runs and waits until each has let go of the database. */
  async close(): Promise<void> {
    this.isStopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // A look under way may still claim a job: stop the bodies once it is over.
    await this.polling;
    for (const execution of this.executions.values()) execution.stop.abort();
    await Promise.allSettled([...this.executions.values()].map((execution) => execution.done));
  }

  /** Looks for due jobs now (one look at a time; a wake during a look asks for another). */
  private wake(): void {
    if (this.isStopped) return;
    if (this.polling) {
      this.isPollWanted = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.polling = this.claimDue()
      .catch((error) => this.deps.log.warn({ err: error }, 'looking for jobs failed; the next look tries again'))
      .finally(() => {
        this.polling = null;
        if (this.isStopped) return;
        if (this.isPollWanted) {
          this.isPollWanted = false;
          this.wake();
          return;
        }
        this.timer = setTimeout(() => this.wake(), this.deps.pollMs);
        this.timer.unref();
      });
  }

  private async claimDue(): Promise<void> {
    const kinds = this.kinds();
    while (!this.isStopped && kinds.length > 0 && this.claimed < MAX_CLAIMED) {
      const lease = this.newLease();
      const row = await claimNextJob(this.deps.db, kinds, lease);
      if (!row) return;
      this.claimed++;
      void this.track(row, lease, () => undefined)
        .catch((error) => this.deps.log.error({ err: error, jobId: row.id }, 'could not run a job; its lease runs out'))
        .finally(() => {
          this.claimed--;
          // A slot came free: another job may be waiting.
          this.wake();
        });
    }
  }

  private newLease(): Lease {
    return { token: randomUUID(), by: this.deps.instanceId, ms: this.deps.leaseMs };
  }

  /** Runs the job, known to close() until it has let go. */
  private track(row: JobRow, lease: Lease, onFailure: (error: unknown) => void): Promise<JobRecord | null> {
    const stop = new AbortController();
    const done = this.execute(row, lease, stop, onFailure).finally(() => this.executions.delete(row.id));
    this.executions.set(row.id, { stop, done });
    return done;
  }

  /**
   * Runs one claimed job to its end, or until this process stops or loses the lease (then the job is left as it
   * is, for the next claim). Resolves with the job as it ended, or null when it did not end here; a body's error
   * that failed the job is handed to onFailure.
   */
  private async execute(
    row: JobRow,
    lease: Lease,
    stop: AbortController,
    onFailure: (error: unknown) => void,
  ): Promise<JobRecord | null> {
    const { db, log } = this.deps;
    const kind = this.registered.get(row.kind);
    if (!kind) throw new Error(`Job kind ${row.kind} is not registered`);
    const record = jobRecordOf(row);
    const renewal = setInterval(
      () => {
        renewLease(db, row.id, lease)
          .then((isHeld) => {
            if (!isHeld) stop.abort(new LeaseLost());
          })
          .catch((error) => log.warn({ err: error, jobId: row.id }, 'could not renew a job lease'));
      },
      Math.max(1, Math.floor(lease.ms / 3)),
    );
    renewal.unref();
    try {
      if (record.attempts > record.maxAttempts) {
        // Its process stopped during the last attempt it had.
        return await this.end(kind, record, lease, (tx) => failJob(tx, row.id, lease.token, kind.interruptedError));
      }
      const result = await kind.run(this.runningJob(kind, record, lease, stop.signal));
      return await this.end(kind, record, lease, (tx) => finishJob(tx, row.id, lease.token, result ?? null), false);
    } catch (error) {
      if (stop.signal.aborted || error instanceof LeaseLost) return null;
      const isFinal = error instanceof JobFailure && error.isFinal;
      const message =
        error instanceof JobFailure
          ? error.message
          : (kind.failedError ?? (error instanceof Error ? error.message : String(error)));
      if (!(error instanceof JobFailure)) log.error({ err: error, jobId: row.id, kind: row.kind }, 'job failed');
      if (!isFinal && record.attempts < record.maxAttempts) {
        const delayMs = (kind.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS)(record.attempts);
        await retryJob(db, row.id, lease.token, message, delayMs);
        return null;
      }
      const ended = await this.end(kind, record, lease, (tx) => failJob(tx, row.id, lease.token, message));
      onFailure(error);
      return ended;
    } finally {
      clearInterval(renewal);
    }
  }

  /** Writes the job's end (fenced by the lease; a failure with the kind's discard) and announces it. */
  private async end(
    kind: AnyKind,
    record: JobRecord,
    lease: Lease,
    write: (tx: Queryable) => Promise<JobRow | null>,
    shouldDiscard = true,
  ): Promise<JobRecord | null> {
    const row = await this.deps.db.transaction(async (tx) => {
      const ended = await write(tx);
      if (ended && shouldDiscard) await kind.discard?.(record, tx);
      return ended;
    });
    if (!row) {
      this.deps.log.warn({ jobId: record.id, leasedBy: lease.by }, 'a job ended after its lease ran out; its end was not saved');
      return null;
    }
    const ended = jobRecordOf(row);
    this.announce(kind, ended);
    return ended;
  }

  private runningJob<I, P, R>(
    kind: JobKind<I, P, R>,
    record: JobRecord<I, P, R>,
    lease: Lease,
    signal: AbortSignal,
  ): RunningJob<I, P, R> {
    const held = (row: JobRow | null) => {
      if (!row) throw new LeaseLost();
      return row;
    };
    return {
      record,
      signal,
      save: async (progress) => {
        const row = held(await saveJobProgress(this.deps.db, record.id, lease.token, progress));
        this.announce(kind, jobRecordOf(row));
      },
      step: async (fn) => {
        const row = await this.deps.db.transaction(async (tx) => {
          const progress = await fn(tx);
          return held(await saveJobProgress(tx, record.id, lease.token, progress));
        });
        const stepped = jobRecordOf<I, P, R>(row);
        this.announce(kind, stepped);
        return stepped.progress as P;
      },
    };
  }

  /** Tells watchers; a kind's announce that throws is logged, never taken for the job's failure. */
  private announce<I, P, R>(kind: JobKind<I, P, R>, record: JobRecord<I, P, R>): void {
    try {
      for (const event of kind.announce(record)) this.deps.bus.publish(event);
    } catch (error) {
      this.deps.log.error({ err: error, jobId: record.id, kind: record.kind }, 'could not announce a job');
    }
  }
}

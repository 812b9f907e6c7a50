import type { DomainEvent } from '../core/event-bus';
import type { Queryable } from './db/db';

// The job layer as modules see it (issue 27): a module defines its work as a kind and enqueues through the queue
// on app.jobs; the runner that claims, leases, retries and announces lives above the modules, in jobs/.

/** Where a job stands; a queued job whose lease ran out is claimed again. */
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** Who started a job and from where: a module's Requester (its audit actor and address). */
export interface JobRequester {
  actor: { type: string };
  ip: string | null;
}

/** One job as stored, its input, progress and result in its kind's shapes. */
export interface JobRecord<Input = unknown, Progress = unknown, Result = unknown> {
  id: string;
  kind: string;
  /** The guild tenant (uuid) the job works on, if any. */
  tenantId: string | null;
  target: string | null;
  requester: JobRequester;
  input: Input;
  status: JobStatus;
  /** Null until the job first saves some; a resumed job starts from here. */
  progress: Progress | null;
  result: Result | null;
  error: string | null;
  attempts: number;
  maxAttempts: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  expiresAt: Date | null;
}

/** A job as its body runs it. */
export interface RunningJob<Input, Progress, Result> {
  /** As claimed: a job resumed after its process died finds the progress it last saved. */
  readonly record: JobRecord<Input, Progress, Result>;
  /** Aborted when this process stops or loses the lease: stop, and leave the job to the next claim. */
  readonly signal: AbortSignal;
  /** Saves how far the job got, and announces it. */
  save(progress: Progress): Promise<void>;
  /**
   * Runs fn in a transaction that also saves the progress fn returns, then announces it: a step's effect and the
   * progress it reached commit together, so a resumed job neither repeats nor skips it.
   */
  step(fn: (tx: Queryable) => Promise<Progress>): Promise<Progress>;
}

/** A kind of work the runner knows: its body, how often it may be tried, and what watchers are told. */
export interface JobKind<Input, Progress, Result> {
  /** Stored in jobs.kind; snake_case (it also labels the Prometheus gauge). */
  name: string;
  /** Claims before the job fails: a retryable error or a process that died uses one. */
  maxAttempts: number;
  /** Wait before the next try after a retryable error (default: 10 s times the attempts made). */
  retryDelayMs?: (attempts: number) => number;
  /** Why a job failed whose process stopped during its last attempt. */
  interruptedError: string;
  /** Why it failed when the body threw something other than a JobFailure (the error itself goes to the log). */
  failedError?: string;
  run(job: RunningJob<Input, Progress, Result>): Promise<Result>;
  /** Drops what a failed job left behind (staged rows, half-written files), in the transaction that fails it. */
  discard?(job: JobRecord<Input, Progress, Result>, tx: Queryable): Promise<void>;
  /** The domain events that tell watchers where the job stands: after each save, when it succeeds or fails. */
  announce(job: JobRecord<Input, Progress, Result>): DomainEvent[];
}

/** A failure a body reports with the message watchers see; a final one is not tried again. */
export class JobFailure extends Error {
  constructor(
    message: string,
    readonly isFinal = true,
  ) {
    super(message);
    this.name = 'JobFailure';
  }
}

/** What to run: the kind's input, who asked, and what it works on. */
export interface JobSpec<Input> {
  input: Input;
  requester: JobRequester;
  tenantId?: string | null;
  /** At most one queued or running job of the kind per target. */
  target?: string | null;
  expiresAt?: Date | null;
}

/** The job runner as modules reach it (app.jobs). */
export interface JobQueue {
  /** Makes a kind known to this process's runner; every process registers the same kinds. */
  register<Input, Progress, Result>(kind: JobKind<Input, Progress, Result>): void;
  /** The kinds registered, by name. */
  kinds(): string[];
  /** Queues a job for whichever process claims it first; null when its target already has one queued or running. */
  enqueue<Input, Progress, Result>(
    kind: JobKind<Input, Progress, Result>,
    spec: JobSpec<Input>,
  ): Promise<JobRecord<Input, Progress, Result> | null>;
  /**
   * Runs a job in this process now, for a caller that waits for it (an export answered once written): resolves
   * with the finished job, rejects with the body's error.
   */
  run<Input, Progress, Result>(
    kind: JobKind<Input, Progress, Result>,
    spec: JobSpec<Input>,
  ): Promise<JobRecord<Input, Progress, Result>>;
  /** One job of the kind; null when there is none. */
  read<Input, Progress, Result>(
    kind: JobKind<Input, Progress, Result>,
    id: string,
  ): Promise<JobRecord<Input, Progress, Result> | null>;
}

/** A jobs row as SQL returns it; from to_jsonb() its times are text. */
export interface JobRow {
  id: string;
  kind: string;
  guild_id: string | null;
  target: string | null;
  actor: JobRequester['actor'];
  actor_ip: string | null;
  input: unknown;
  status: JobStatus;
  progress: unknown;
  result: unknown;
  error: string | null;
  attempts: number;
  max_attempts: number;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  expires_at: Date | string | null;
}

const dateOf = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** A row as its kind's record. */
export function jobRecordOf<Input, Progress, Result>(row: JobRow): JobRecord<Input, Progress, Result> {
  return {
    id: row.id,
    kind: row.kind,
    tenantId: row.guild_id,
    target: row.target,
    requester: { actor: row.actor, ip: row.actor_ip },
    input: row.input as Input,
    status: row.status,
    progress: row.progress as Progress | null,
    result: row.result as Result | null,
    error: row.error,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    createdAt: new Date(row.created_at),
    startedAt: dateOf(row.started_at),
    finishedAt: dateOf(row.finished_at),
    expiresAt: dateOf(row.expires_at),
  };
}

/**
 * A job kind made once per key (the app's database, or its deps): the runner knows a kind by its one object, while
 * every Fastify context makes its own deps. `kindOnce(keyOf, make)(deps)` answers the same kind for the same key.
 */
export function kindOnce<Deps, Kind>(keyOf: (deps: Deps) => object, make: (deps: Deps) => Kind): (deps: Deps) => Kind {
  const kinds = new WeakMap<object, Kind>();
  return (deps) => {
    const key = keyOf(deps);
    let kind = kinds.get(key);
    if (kind === undefined) {
      kind = make(deps);
      kinds.set(key, kind);
    }
    return kind;
  };
}

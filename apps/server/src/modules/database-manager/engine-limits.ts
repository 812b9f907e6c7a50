import { type EngineLimits, PGLITE_LIMITS } from '@guildhall/contract';
import type { Db } from '../../services/db/db';

/**
 * What the engine can do for the manager. PostgreSQL: everything. PGlite runs single-threaded inside this process
 * with no timer interrupts: statement_timeout is accepted but never fires (a 30-million-row count with a 300 ms
 * timeout runs to its end), there is no second session to send a cancel from, and query() returns the whole
 * result, so the runner's row cap applies after reading. The API says so rather than pretend.
 */
export function engineLimitsOf(db: Pick<Db, 'kind'>): EngineLimits {
  if (db.kind === 'postgresql') {
    return { engine: 'postgresql', enforcesStatementTimeout: true, canCancel: true, streamsResults: true, notes: [] };
  }
  return {
    engine: 'pglite',
    enforcesStatementTimeout: false,
    canCancel: false,
    streamsResults: false,
    notes: [PGLITE_LIMITS.statementTimeout, PGLITE_LIMITS.cancel, PGLITE_LIMITS.wholeResult],
  };
}

/** The limits that bear on one statement's answer: on PGlite, no timeout and the whole result read. */
export function answerLimitsOf(db: Pick<Db, 'kind'>): string[] {
  return db.kind === 'pglite' ? [PGLITE_LIMITS.statementTimeout, PGLITE_LIMITS.wholeResult] : [];
}

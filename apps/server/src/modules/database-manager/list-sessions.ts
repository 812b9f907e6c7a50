import { DATABASE_SESSION_MESSAGES, type DatabaseSession, SESSION_QUERY_MAX_LENGTH } from '@guildhall/contract';
import type { Db } from '../../services/db/db';
import { type SessionRow, selectCurrentBackend, selectSessions } from './queries';

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const millis = (value: number | null) => (value === null ? null : Math.max(0, Math.round(value)));

/** A pg_stat_activity row as the contract's session. */
export function presentSession(row: SessionRow): DatabaseSession {
  return {
    pid: row.pid,
    user: row.user,
    application: row.application,
    clientAddress: row.client_address,
    backendType: row.backend_type,
    state: row.state,
    waitEventType: row.wait_event_type,
    waitEvent: row.wait_event,
    backendStart: iso(row.backend_start),
    transactionStart: iso(row.xact_start),
    transactionDurationMs: millis(row.xact_ms),
    queryStart: iso(row.query_start),
    queryDurationMs: millis(row.query_ms),
    query: row.query,
    isQueryTruncated: row.is_query_truncated,
    isCurrent: row.is_current,
  };
}

/**
 * The sessions of the database Guildhall runs on, nothing left out; isCurrent marks the backend that answered
 * this request. PGlite runs inside this process: one embedded session, which it says.
 */
export async function listSessions(db: Db) {
  if (db.kind === 'pglite') {
    const backend = await selectCurrentBackend(db);
    const session: DatabaseSession = {
      ...presentSession({
        pid: backend.pid,
        user: backend.user,
        application: 'PGlite (embedded)',
        client_address: null,
        backend_type: 'client backend',
        state: 'active',
        wait_event_type: null,
        wait_event: null,
        backend_start: null,
        xact_start: backend.started,
        xact_ms: 0,
        query_start: backend.started,
        query_ms: 0,
        query: null,
        is_query_truncated: false,
        is_current: true,
      }),
    };
    return { sessions: [session], isEmbedded: true, note: DATABASE_SESSION_MESSAGES.embedded };
  }
  const rows = await selectSessions(db, SESSION_QUERY_MAX_LENGTH);
  return { sessions: rows.map(presentSession), isEmbedded: false, note: null };
}

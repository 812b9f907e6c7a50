import { z } from 'zod';
import { endpoint } from './common';

/** Characters of a session's query text the session list shows. */
export const SESSION_QUERY_MAX_LENGTH = 500;

/** The session list's messages: unknown pid, the request's own backend, the embedded database. */
export const DATABASE_SESSION_MESSAGES = {
  notFound: (pid: number) => `Session not found: ${pid}`,
  ownSession: (action: 'cancel' | 'terminate') => `Cannot ${action} the session serving this request.`,
  embedded: 'Embedded PGlite has one session inside the server process: it cannot be cancelled or terminated.',
} as const;

/** One session (backend) of the database, as pg_stat_activity shows it; durations in milliseconds. */
export const databaseSession = z.object({
  pid: z.number(),
  user: z.string().nullable(),
  application: z.string().nullable(),
  clientAddress: z.string().nullable(),
  backendType: z.string().nullable(),
  state: z.string().nullable(),
  waitEventType: z.string().nullable(),
  waitEvent: z.string().nullable(),
  backendStart: z.string().nullable(),
  transactionStart: z.string().nullable(),
  transactionDurationMs: z.number().nullable(),
  queryStart: z.string().nullable(),
  queryDurationMs: z.number().nullable(),
  query: z.string().nullable(),
  isQueryTruncated: z.boolean(),
  isCurrent: z.boolean(),
});
/** One session of the database. */
export type DatabaseSession = z.infer<typeof databaseSession>;

/** A session named by its backend pid. */
export const sessionParams = z.object({ pid: z.coerce.number().int().min(1).max(2_147_483_647) });

const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape });

/** Connection Stats' session list with cancel and terminate (issue #9), admin.full_access, audited. */
export const databaseSessionsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/database/postgresql/sessions',
    summary: "The database's sessions: pid, user, application, state, wait, durations, query (first 500 characters)",
    response: ok({ sessions: z.array(databaseSession), isEmbedded: z.boolean(), note: z.string().nullable() }),
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/admin/database/postgresql/sessions/:pid/cancel',
    summary: "Cancels a session's running statement (pg_cancel_backend), audited",
    params: sessionParams,
    response: ok({ pid: z.number(), cancelled: z.boolean() }),
  }),
  terminate: endpoint({
    method: 'POST',
    path: '/api/admin/database/postgresql/sessions/:pid/terminate',
    summary: 'Ends a session (pg_terminate_backend), never the one serving this request, audited',
    params: sessionParams,
    response: ok({ pid: z.number(), terminated: z.boolean() }),
  }),
} as const;

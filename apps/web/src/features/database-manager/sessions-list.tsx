import { type DatabaseSession, SESSION_QUERY_MAX_LENGTH } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { Badge } from '../../ui/badge';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DataTable } from '../../ui/data-table';
import { EmptyHint } from '../../ui/query-state';
import { useToast } from '../../ui/toast-context';
import { LongText } from './cell-value';
import { type SessionSignal, useSignalSession } from './live-database';
import { durationText, isRunning, sessionDuration, sessionState } from './session-view';

/** Characters of a session's query shown before Show all. */
const QUERY_PREVIEW = 80;

const OWN_SESSION = 'This is the session serving the console: it cannot be cancelled or terminated here.';

interface SessionsListProps {
  sessions: readonly DatabaseSession[];
  /** When the list was read, and the time now: durations count up between reads. */
  readAt: number;
  now: number;
  isEmbedded: boolean;
}

/**
 * The database's sessions: who, from which application, in which state for how long, running what; each with
 * Cancel query and Terminate behind a confirmation. The console's own session is marked and left alone.
 */
export function SessionsList({ sessions, readAt, now, isEmbedded }: SessionsListProps) {
  const [asked, setAsked] = useState<{ session: DatabaseSession; signal: SessionSignal } | null>(null);
  const signal = useSignalSession();
  const toast = useToast();

  function handleConfirm() {
    if (!asked) return;
    const { pid } = asked.session;
    signal.mutate(
      { pid, signal: asked.signal },
      {
        onSuccess: (isSignalled) => {
          if (!isSignalled) toast.warning(`PostgreSQL did not signal session ${pid}; it may have ended already.`);
          else if (asked.signal === 'cancel') toast.success(`Cancelled the statement of session ${pid}.`);
          else toast.success(`Terminated session ${pid}.`);
        },
        onError: (error) => toast.error(errorMessage(error), { title: `Session ${pid}` }),
        onSettled: () => setAsked(null),
      },
    );
  }

  if (sessions.length === 0) return <EmptyHint>No sessions.</EmptyHint>;
  return (
    <>
      <DataTable
        columns={sessionColumns({
          elapsedSinceRead: now - readAt,
          isEmbedded,
          onAsk: (session, next) => setAsked({ session, signal: next }),
        })}
        rows={sessions}
        getRowId={(session) => String(session.pid)}
        label="Sessions"
        testId="database-sessions"
        className="db-table db-sessions"
        rowAttributes={(session) => ({
          'data-testid': 'database-session',
          'data-pid': String(session.pid),
          className: session.isCurrent ? 'db-session--own' : undefined,
        })}
      />
      <ConfirmModal
        isOpen={asked?.signal === 'cancel'}
        title={`Cancel the statement of session ${asked?.session.pid ?? ''}?`}
        confirmLabel="Cancel query"
        busyLabel="Cancelling..."
        isBusy={signal.isPending}
        isDanger
        onConfirm={handleConfirm}
        onClose={() => setAsked(null)}
        testId="confirm-cancel-session"
      >
        {asked && <SessionSummary session={asked.session} />}
        <p>The statement stops with an error; the session stays connected. This is audited.</p>
      </ConfirmModal>
      <ConfirmModal
        isOpen={asked?.signal === 'terminate'}
        title={`Terminate session ${asked?.session.pid ?? ''}?`}
        confirmLabel="Terminate"
        busyLabel="Terminating..."
        isBusy={signal.isPending}
        isDanger
        onConfirm={handleConfirm}
        onClose={() => setAsked(null)}
        testId="confirm-terminate-session"
      >
        {asked && <SessionSummary session={asked.session} />}
        <p>
          The connection is closed: its statement stops and an open transaction is rolled back. The application may reconnect.
          This is audited.
        </p>
      </ConfirmModal>
    </>
  );
}

interface SessionColumnsOptions {
  elapsedSinceRead: number;
  /** The embedded database has no other sessions to signal. */
  isEmbedded: boolean;
  onAsk: (session: DatabaseSession, signal: SessionSignal) => void;
}

function sessionColumns({ elapsedSinceRead, isEmbedded, onAsk }: SessionColumnsOptions): ColumnDef<DatabaseSession>[] {
  return [
    {
      id: 'pid',
      header: 'PID',
      meta: { className: 'table__number' },
      cell: ({ row: { original: session } }) => (
        <>
          {session.pid}
          {session.isCurrent && (
            <Badge tone="brand" className="db-session__own">
              This console
            </Badge>
          )}
        </>
      ),
    },
    { id: 'user', header: 'User', cell: ({ row }) => row.original.user ?? '—' },
    {
      id: 'application',
      header: 'Application',
      meta: { cellClassName: 'db-session__app' },
      cell: ({ row }) => row.original.application ?? <span className="db-muted">none</span>,
    },
    {
      id: 'state',
      header: 'State',
      cell: ({ row }) => {
        const state = sessionState(row.original);
        return (
          <>
            <Badge tone={state.tone}>{state.label}</Badge>
            {state.detail && <span className="db-session__wait">{state.detail}</span>}
          </>
        );
      },
    },
    {
      id: 'duration',
      header: 'Duration',
      meta: { cellClassName: 'db-session__duration' },
      cell: ({ row }) => durationText(sessionDuration(row.original, elapsedSinceRead)),
    },
    {
      id: 'query',
      header: 'Query',
      meta: { cellClassName: 'db-session__query' },
      cell: ({ row }) => <SessionQuery session={row.original} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      meta: { className: 'table__actions' },
      cell: ({ row: { original: session } }) => {
        const isLocked = isEmbedded || session.isCurrent;
        const lockedReason = session.isCurrent ? OWN_SESSION : undefined;
        return (
          <div className="db-session__actions">
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={isLocked || !isRunning(session)}
              title={lockedReason}
              onClick={() => onAsk(session, 'cancel')}
            >
              Cancel query
            </button>
            <button
              type="button"
              className="button button--danger-outline button--small"
              disabled={isLocked}
              title={lockedReason}
              onClick={() => onAsk(session, 'terminate')}
            >
              Terminate
            </button>
          </div>
        );
      },
    },
  ];
}

function SessionQuery({ session }: { session: DatabaseSession }) {
  const [isOpen, setIsOpen] = useState(false);
  if (!session.query) return <span className="db-muted">—</span>;
  // Closed, the statement reads as one line; open, with its own line breaks.
  const text = isOpen ? session.query : session.query.replace(/\s+/g, ' ').trim();
  return (
    <span className={isOpen ? 'db-session__sql db-session__sql--open' : 'db-session__sql'}>
      <LongText text={text} isOpen={isOpen} onToggle={() => setIsOpen(!isOpen)} limit={QUERY_PREVIEW} />
      {isOpen && session.isQueryTruncated && <span className="db-muted"> (the first {SESSION_QUERY_MAX_LENGTH} characters)</span>}
    </span>
  );
}

/** Who the confirmation is about: pid, user, application and the start of its statement. */
function SessionSummary({ session }: { session: DatabaseSession }) {
  return (
    <dl className="db-facts db-session-summary">
      <div>
        <dt>User</dt>
        <dd>{session.user ?? '—'}</dd>
      </div>
      <div>
        <dt>Application</dt>
        <dd>{session.application ?? 'none'}</dd>
      </div>
      {session.query && (
        <div className="db-session-summary__query">
          <dt>Query</dt>
          <dd>
            <code className="db-code">{session.query.slice(0, 200)}</code>
          </dd>
        </div>
      )}
    </dl>
  );
}

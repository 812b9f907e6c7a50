import { ADMIN_USER_MESSAGES, type AdminSessionRow, type AdminUserRow } from '@guildhall/contract';
import { useState } from 'react';
import { useAdminUserSessions, useEndAdminSession } from '../../api/admin-users';
import { Badge } from '../../ui/badge';
import { ConfirmItemModal } from '../../ui/confirm-modal';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { Modal } from '../../ui/modal';
import { QueryState } from '../../ui/query-state';

interface AdminSessionsDialogProps {
  user: AdminUserRow;
  onClose: () => void;
}

/** The admin's open sessions, newest first, each with End session behind a confirm. */
export function AdminSessionsDialog({ user, onClose }: AdminSessionsDialogProps) {
  const sessions = useAdminUserSessions(user.id);
  const endSession = useEndAdminSession();
  const [ending, setEnding] = useState<AdminSessionRow | null>(null);
  const rows = sessions.data?.data ?? [];

  return (
    <>
      <Modal isOpen title={`Sessions: ${user.username}`} size="lg" onClose={onClose}>
        <QueryState
          query={sessions}
          loading="Loading sessions..."
          errorText={ADMIN_USER_MESSAGES.loadFailed}
          isEmpty={() => rows.length === 0}
          empty="No open sessions"
          testId="admin-sessions"
        >
          {() => (
            <ul className="session-list" data-testid="admin-sessions">
              {rows.map((session) => (
                <li key={session.id} className="session-list__item" data-testid="admin-session">
                  <div className="session-list__head">
                    <span className="session-list__where">
                      {session.ip ?? 'Unknown address'}
                      {session.isCurrent && <Badge tone="brand">This session</Badge>}
                    </span>
                    <button
                      type="button"
                      className="button button--danger-outline button--small"
                      onClick={() => setEnding(session)}
                      data-testid="end-session"
                    >
                      End session
                    </button>
                  </div>
                  <p className="session-list__agent">{session.userAgent ?? 'Unknown browser'}</p>
                  <dl className="session-list__times">
                    <div>
                      <dt>Created</dt>
                      <dd>
                        <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
                      </dd>
                    </div>
                    <div>
                      <dt>Last seen</dt>
                      <dd>
                        <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt)}>
                          {formatRelative(session.lastSeenAt)}
                        </time>
                      </dd>
                    </div>
                    <div>
                      <dt>Expires</dt>
                      <dd>
                        <time dateTime={session.expiresAt}>{formatDateTime(session.expiresAt)}</time>
                      </dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </Modal>
      <ConfirmItemModal
        item={ending}
        mutation={endSession}
        variables={(session) => ({ id: user.id, sessionId: session.id })}
        title="End this session?"
        confirmLabel="End session"
        busyLabel="Ending..."
        isDanger
        onClose={() => setEnding(null)}
        testId="end-session"
      >
        <p>
          {ending?.isCurrent
            ? 'This is your own session: ending it signs you out here.'
            : `The browser of ${user.username} at ${ending?.ip ?? 'an unknown address'} is signed out at once.`}
        </p>
      </ConfirmItemModal>
    </>
  );
}

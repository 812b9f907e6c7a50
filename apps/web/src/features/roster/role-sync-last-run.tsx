import type { RoleSyncRun } from '@guildhall/contract';
import { isRunActive } from '../../api/role-sync';
import { formatDateTime, formatRelative } from '../../ui/format-date';
import { Spinner } from '../../ui/spinner';
import { ROLE_SYNC_TEXT } from './role-sync-text';

/** The last run: a spinner while it runs, then its counts (or why it failed) and each change Discord refused. */
export function RoleSyncLastRun({ run }: { run: RoleSyncRun | null }) {
  if (!run) return null;
  if (isRunActive(run)) {
    return (
      <div className="role-sync__run" data-testid="role-sync-running">
        <Spinner label={ROLE_SYNC_TEXT.syncing} />
      </div>
    );
  }
  const at = run.finishedAt ?? run.startedAt;
  const when = formatRelative(at);
  const result = run.result;
  const summary =
    run.status === 'failed'
      ? ROLE_SYNC_TEXT.lastRunFailed(when, run.error ?? '')
      : ROLE_SYNC_TEXT.lastRun(when, result?.added ?? 0, result?.removed ?? 0);
  return (
    <div className="role-sync__run" data-testid="role-sync-last-run">
      <p className={run.status === 'failed' ? 'alert alert--error' : undefined} title={at ? formatDateTime(at) : undefined}>
        {summary}
      </p>
      {result && result.failures.length > 0 && (
        <div className="role-sync__list">
          <p className="role-sync__list-title">{ROLE_SYNC_TEXT.failuresTitle}</p>
          <ul data-testid="role-sync-failures">
            {result.failures.map((failure) => (
              <li key={`${failure.discordUserId}:${failure.roleId}:${failure.action}`}>
                {`${failure.memberName}: ${ROLE_SYNC_TEXT.actions[failure.action]} ${failure.roleName} — ${failure.reason}`}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

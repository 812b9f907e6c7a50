import { ROLE_SYNC_MARK_LABELS, type RoleSyncSkipped, type RoleSyncState } from '@guildhall/contract';
import { ROLE_SYNC_TEXT } from './role-sync-text';

/** The mapped roles a sync leaves alone, each with its mark, its role and why. */
export function SkippedRoles({ skipped, state }: { skipped: readonly RoleSyncSkipped[]; state: RoleSyncState }) {
  if (skipped.length === 0) return null;
  const roleName = (roleId: string) =>
    state.discordRoles?.find((role) => role.id === roleId)?.name ?? ROLE_SYNC_TEXT.missingRole(roleId);
  return (
    <div className="role-sync__list">
      <p className="role-sync__list-title">{ROLE_SYNC_TEXT.skippedTitle}</p>
      <ul data-testid="role-sync-skipped">
        {skipped.map((item) => (
          <li key={`${item.mark}:${item.roleId}`}>
            {`${ROLE_SYNC_MARK_LABELS[item.mark].label} (${roleName(item.roleId)}): ${item.reason}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

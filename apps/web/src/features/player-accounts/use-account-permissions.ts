import { hasAdminPermission, type Permission } from '@guildhall/contract';
import { useAdminSession } from '../../auth/admin-session-context';

/** What the signed-in admin may do on this screen (spec 2 §2); the server checks each call again. */
export function useAccountPermissions() {
  const { admin } = useAdminSession();
  const can = (permission: Permission) => admin !== null && hasAdminPermission(admin, permission);
  return {
    canCreate: can('players.create'),
    canEdit: can('players.edit'),
    canLink: can('players.link_accounts'),
    canBulkEdit: can('players.bulk_edit'),
    canSeeAudit: can('admin.audit_logs'),
  };
}

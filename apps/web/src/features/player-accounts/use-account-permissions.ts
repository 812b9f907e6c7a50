import { useAbilities } from '../../auth/abilities';

/** What the signed-in admin may do on this screen (spec 2 §2); the server checks each call again. */
export function useAccountPermissions() {
  const { can } = useAbilities();
  return {
    canCreate: can('createPlayerAccounts'),
    canEdit: can('editPlayerAccounts'),
    canLink: can('linkPlayerAccounts'),
    canBulkEdit: can('bulkEditPlayerAccounts'),
    canSeeAudit: can('readAuditLog'),
  };
}

import type { GuildInvite } from '@guildhall/contract';
import type { InviteRow } from './queries';

/** An invite link as the contract shows it. */
export const presentInvite = (row: InviteRow): GuildInvite => ({
  id: row.id,
  codeHint: row.code_hint,
  maxUses: row.max_uses,
  uses: row.uses,
  status: row.status,
  expiresAt: row.expires_at.toISOString(),
  createdAt: row.created_at.toISOString(),
  createdBy: row.created_by,
  revokedAt: row.revoked_at?.toISOString() ?? null,
});

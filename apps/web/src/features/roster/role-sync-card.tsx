import { MESSAGES } from '@guildhall/contract';
import { useRoleSync } from '../../api/role-sync';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { Card } from '../../ui/card';
import { QueryState } from '../../ui/query-state';
import { RoleSyncForm } from './role-sync-form';
import { RoleSyncPreview } from './role-sync-preview';
import { ROLE_SYNC_TEXT } from './role-sync-text';

/**
 * Discord roles kept in step with the roster (issue 33), under the roster for whoever manages the guild's members
 * (guild.manage_members in the selected guild; the server checks it again).
 */
export function RoleSyncCard({ guildId }: { guildId: string }) {
  const { can } = useCommunitySession();
  if (!can('manageRoleSync')) return null;
  return <RoleSyncPanel guildId={guildId} />;
}

function RoleSyncPanel({ guildId }: { guildId: string }) {
  const query = useRoleSync(guildId);
  return (
    <Card title={ROLE_SYNC_TEXT.title} className="role-sync" data-testid="role-sync">
      <p className="role-sync__lead">{ROLE_SYNC_TEXT.lead}</p>
      <QueryState query={query} loading={ROLE_SYNC_TEXT.loading} errorText={MESSAGES.requestFailed} testId="role-sync">
        {({ roleSync }) => (
          <>
            {/* A save gives a new updatedAt: the form starts again from what was saved. */}
            <RoleSyncForm key={`${guildId}:${roleSync.updatedAt ?? ''}`} guildId={guildId} state={roleSync} />
            <RoleSyncPreview guildId={guildId} state={roleSync} />
          </>
        )}
      </QueryState>
    </Card>
  );
}

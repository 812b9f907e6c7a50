import type { AdminScreen } from '@guildhall/contract';
import { useCallback, useMemo, useState } from 'react';
import { Card } from '../../ui/card';
import { useGuildChoice } from '../../ui/guild-picker';
import { TabPanel, Tabs } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useUrlQuery } from '../../ui/use-url-query';
import { DiscordRolesPanel } from './discord-roles-panel';
import { GuildGrantsPanel } from './guild-grants-panel';
import { grantFilters, PERMISSION_TABS, type PermissionTab, permissionQuery } from './permission-query';
import type { RoleDrafts } from './role-matrix-model';
import { RolesPanel } from './roles-panel';
import '../../styles/permissions.css';

const ID_PREFIX = 'permissions';

/**
 * Permissions (spec 1 /admin/permissions): who may do what. Admin roles as a role × permission matrix, community
 * users' grants per guild, and Discord roles mapped to guild permissions.
 */
export function PermissionsPage({ screen }: { screen: AdminScreen }) {
  useDocumentTitle(screen.label);
  // The tab and the member looked up keep the grants' page; a new guild or search goes back to page 1.
  const { query: state, set } = useUrlQuery(permissionQuery, { keepPage: ['tab', 'member'] });
  const grants = useMemo(() => grantFilters(state), [state]);
  const setTab = useCallback((tab: PermissionTab) => set({ tab }), [set]);
  const setSearch = useCallback((search: string) => set({ search }, { replace: true }), [set]);
  const setMember = useCallback((member: string | null) => set({ member: member ?? undefined }), [set]);
  const { guildName, remember } = useGuildChoice(state.guild ?? null);
  const [roleDrafts, setRoleDrafts] = useState<RoleDrafts>({});

  function handleGuildChange(guild: { id: string; name: string } | null) {
    if (guild) remember(guild);
    // Another guild has other members: the one looked up is forgotten.
    set({ guild: guild?.id, member: undefined });
  }

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1 className="page__title">{screen.label}</h1>
          <p className="page__lead">Admin roles and their permissions, and what community members may do in each guild</p>
        </div>
      </header>
      <Tabs label="Permissions" tabs={PERMISSION_TABS} active={state.tab} onChange={setTab} idPrefix={ID_PREFIX} />
      <Card className="permissions">
        <TabPanel idPrefix={ID_PREFIX} tab={state.tab} className="tab-panel" testId={`permissions-panel-${state.tab}`}>
          {state.tab === 'roles' && <RolesPanel drafts={roleDrafts} onDraftsChange={setRoleDrafts} />}
          {state.tab === 'grants' && (
            <GuildGrantsPanel
              filters={grants}
              guildName={guildName}
              onGuildChange={handleGuildChange}
              onSearch={setSearch}
              onPagingChange={set}
            />
          )}
          {state.tab === 'discord-roles' && (
            <DiscordRolesPanel
              guildId={state.guild ?? null}
              guildName={guildName}
              memberId={state.member ?? null}
              onGuildChange={handleGuildChange}
              onMemberChange={setMember}
            />
          )}
        </TabPanel>
      </Card>
    </div>
  );
}

import type { AdminScreen } from '@guildhall/contract';
import { useCallback, useState } from 'react';
import { Card } from '../../ui/card';
import { useGuildChoice } from '../../ui/guild-picker';
import { TabPanel, Tabs } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { type UrlQueryChangeOptions, useUrlQuery } from '../../ui/use-url-query';
import { DiscordRolesPanel } from './discord-roles-panel';
import { GuildGrantsPanel } from './guild-grants-panel';
import { PERMISSION_TABS, type PermissionParams, type PermissionTab, permissionQuery } from './permission-query';
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
  const setTab = useCallback((tab: PermissionTab) => set({ tab }), [set]);
  const { guildName, remember } = useGuildChoice(state.guild ?? null);
  const [roleDrafts, setRoleDrafts] = useState<RoleDrafts>({});

  // Another guild has other members: the one looked up is forgotten.
  const handleChange = useCallback(
    (change: Partial<PermissionParams>, options?: UrlQueryChangeOptions) =>
      set('guild' in change ? { ...change, member: undefined } : change, options),
    [set],
  );
  const handleGuildPick = useCallback(
    (guild: { id: string; name: string } | null) => {
      if (guild) remember(guild);
    },
    [remember],
  );

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
            <GuildGrantsPanel state={state} guildName={guildName} onChange={handleChange} onGuildPick={handleGuildPick} />
          )}
          {state.tab === 'discord-roles' && (
            <DiscordRolesPanel state={state} guildName={guildName} onChange={handleChange} onGuildPick={handleGuildPick} />
          )}
        </TabPanel>
      </Card>
    </div>
  );
}

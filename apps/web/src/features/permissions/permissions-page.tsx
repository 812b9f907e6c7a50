import type { AdminScreen } from '@guildhall/contract';
import { useState } from 'react';
import { Card } from '../../ui/card';
import { Tabs, tabButtonId, tabPanelId } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { DiscordRolesPanel } from './discord-roles-panel';
import { GuildGrantsPanel } from './guild-grants-panel';
import { PERMISSION_TABS } from './permission-params';
import type { RoleDrafts } from './role-matrix-model';
import { RolesPanel } from './roles-panel';
import { useGuildChoice } from './use-guild-choice';
import { usePermissionParams } from './use-permission-params';
import '../../styles/permissions.css';

const ID_PREFIX = 'permissions';

/**
 * Permissions (spec 1 /admin/permissions): who may do what. Admin roles as a role × permission matrix, community
 * users' grants per guild, and Discord roles mapped to guild permissions.
 */
export function PermissionsPage({ screen }: { screen: AdminScreen }) {
  useDocumentTitle(screen.label);
  const { state, setTab, setGuild, setSearch, setPage, setMember } = usePermissionParams();
  const { guildName, remember } = useGuildChoice(state.guildId);
  const [roleDrafts, setRoleDrafts] = useState<RoleDrafts>({});

  function handleGuildChange(guild: { id: string; name: string } | null) {
    if (guild) remember(guild);
    setGuild(guild?.id ?? null);
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
        <div
          className="tab-panel"
          role="tabpanel"
          id={tabPanelId(ID_PREFIX, state.tab)}
          aria-labelledby={tabButtonId(ID_PREFIX, state.tab)}
          data-testid={`permissions-panel-${state.tab}`}
        >
          {state.tab === 'roles' && <RolesPanel drafts={roleDrafts} onDraftsChange={setRoleDrafts} />}
          {state.tab === 'grants' && (
            <GuildGrantsPanel
              filters={state.grants}
              guildName={guildName}
              onGuildChange={handleGuildChange}
              onSearch={setSearch}
              onPageChange={setPage}
            />
          )}
          {state.tab === 'discord-roles' && (
            <DiscordRolesPanel
              guildId={state.guildId}
              guildName={guildName}
              memberId={state.memberId}
              onGuildChange={handleGuildChange}
              onMemberChange={setMember}
            />
          )}
        </div>
      </Card>
    </div>
  );
}

import type { ChatUser } from '@guildhall/contract';
import { useCallback, useMemo } from 'react';
import type { BotGuildFilters, DiscordUserFilters } from '../../api/discord-accounts';
import { Card } from '../../ui/card';
import { TabPanel, Tabs } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { type UrlQueryChangeOptions, useUrlQuery } from '../../ui/use-url-query';
import { BotGuildsPanel } from './bot-guilds-panel';
import {
  botGuildFilters,
  botGuildUrlChange,
  botGuildUrlQuery,
  DISCORD_ACCOUNT_TABS,
  type DiscordAccountTab,
  discordUserUrlQuery,
  userFilters,
  userUrlChange,
} from './discord-account-query';
import { DiscordUserDialog } from './discord-user-dialog';
import { DiscordUsersPanel } from './discord-users-panel';
import '../../styles/discord-accounts.css';

const ID_PREFIX = 'discord-accounts';

/** Discord Management (spec 1 /admin/accounts/discord): the Discord users the platform knows and the bot's guilds. */
export function DiscordAccountsPage() {
  useDocumentTitle('Discord Management');
  // Each list keeps its own search and page; the tab and the open user leave both where they are, a new search,
  // filter or sort goes back to that list's page 1, and typing in a search replaces the history entry.
  const { query: state, set: setUsers } = useUrlQuery(discordUserUrlQuery, { keepPage: ['tab', 'user'] });
  const { query: guildState, set: setBotGuilds } = useUrlQuery(botGuildUrlQuery, { pageField: 'guildPage' });
  const users = useMemo(() => userFilters(state), [state]);
  const botGuilds = useMemo(() => botGuildFilters(guildState), [guildState]);
  const setTab = useCallback((tab: DiscordAccountTab) => setUsers({ tab }), [setUsers]);
  const updateUsers = useCallback(
    (change: Partial<DiscordUserFilters>, options?: UrlQueryChangeOptions) => setUsers(userUrlChange(change), options),
    [setUsers],
  );
  const updateBotGuilds = useCallback(
    (change: Partial<BotGuildFilters>, options?: UrlQueryChangeOptions) => setBotGuilds(botGuildUrlChange(change), options),
    [setBotGuilds],
  );
  const handleClose = useCallback(() => setUsers({ user: undefined }), [setUsers]);
  const handleOpen = useCallback((user: ChatUser) => setUsers({ user: user.id }), [setUsers]);

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1 className="page__title">Discord Management</h1>
          <p className="page__lead">The Discord users Guildhall knows (signed in, guild members, linked) and the bot's guilds</p>
        </div>
      </header>
      <Tabs label="Discord management" tabs={DISCORD_ACCOUNT_TABS} active={state.tab} onChange={setTab} idPrefix={ID_PREFIX} />
      <Card className="discord-accounts">
        <TabPanel idPrefix={ID_PREFIX} tab={state.tab} className="tab-panel" testId={`discord-panel-${state.tab}`}>
          {state.tab === 'users' ? (
            <DiscordUsersPanel filters={users} onChange={updateUsers} onOpen={handleOpen} />
          ) : (
            <BotGuildsPanel filters={botGuilds} onChange={updateBotGuilds} />
          )}
        </TabPanel>
      </Card>
      <DiscordUserDialog userId={state.user ?? null} onClose={handleClose} />
    </div>
  );
}

import type { ChatUser } from '@guildhall/contract';
import { useCallback } from 'react';
import { Card } from '../../ui/card';
import { Tabs, tabButtonId, tabPanelId } from '../../ui/tabs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { BotGuildsPanel } from './bot-guilds-panel';
import { DISCORD_ACCOUNT_TABS } from './discord-account-params';
import { DiscordUserDialog } from './discord-user-dialog';
import { DiscordUsersPanel } from './discord-users-panel';
import { useDiscordAccountParams } from './use-discord-account-params';
import '../../styles/discord-accounts.css';

const ID_PREFIX = 'discord-accounts';

/** Discord Management (spec 1 /admin/accounts/discord): the Discord users the platform knows and the bot's guilds. */
export function DiscordAccountsPage() {
  useDocumentTitle('Discord Management');
  const { state, setTab, updateUsers, updateBotGuilds, openUser } = useDiscordAccountParams();
  const handleClose = useCallback(() => openUser(null), [openUser]);
  const handleOpen = useCallback((user: ChatUser) => openUser(user.id), [openUser]);

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
        <div
          className="tab-panel"
          role="tabpanel"
          id={tabPanelId(ID_PREFIX, state.tab)}
          aria-labelledby={tabButtonId(ID_PREFIX, state.tab)}
          data-testid={`discord-panel-${state.tab}`}
        >
          {state.tab === 'users' ? (
            <DiscordUsersPanel filters={state.users} onChange={updateUsers} onOpen={handleOpen} />
          ) : (
            <BotGuildsPanel filters={state.botGuilds} onChange={updateBotGuilds} />
          )}
        </div>
      </Card>
      <DiscordUserDialog userId={state.userId} onClose={handleClose} />
    </div>
  );
}

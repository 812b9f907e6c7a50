import { COMMUNITY_PATHS, type UserGuild } from '@guildhall/contract';
import { Check, ChevronsUpDown, LayoutGrid } from 'lucide-react';
import { Link } from 'react-router';
import { useSelectGuildMutation } from '../../api/community-guilds';
import { useCommunitySession } from '../../community-auth/community-session-context';
import { Dropdown } from '../../ui/dropdown';
import { GuildAvatar } from '../../ui/guild-avatar';

/** The selected guild in the header; opens the list of guilds with the bot to switch ('Switched to {guild}'). */
export function GuildSwitcher() {
  const { guildState, selectedGuild } = useCommunitySession();
  const select = useSelectGuildMutation();

  function handleChoose(guild: UserGuild) {
    if (guild.id !== selectedGuild?.id) select.mutate(guild);
  }

  const guilds = guildState?.availableGuilds ?? [];
  return (
    <Dropdown
      className="guild-switcher"
      triggerClassName="guild-switcher__trigger"
      triggerTestId="guild-switcher"
      isTriggerDisabled={select.isPending}
      panelClassName="guild-switcher__panel"
      panelLabel="Switch guild"
      trigger={
        <>
          {selectedGuild ? (
            <GuildAvatar name={selectedGuild.name} iconUrl={selectedGuild.iconUrl} size="sm" />
          ) : (
            <span className="guild-avatar guild-avatar--sm guild-avatar--empty" aria-hidden="true" />
          )}
          {/* The name is what the trigger shows, first, so voice control users can say what they see. */}
          <span className="guild-switcher__name" data-testid="selected-guild-name">
            {selectedGuild?.name ?? 'Choose a guild'}
          </span>
          {selectedGuild && <span className="visually-hidden">, switch guild</span>}
          <ChevronsUpDown size={16} aria-hidden="true" />
        </>
      }
    >
      {(close) => (
        <>
          {guilds.length > 0 && <p className="guild-switcher__heading">Your guilds</p>}
          {guilds.map((guild) => {
            const isCurrent = guild.id === selectedGuild?.id;
            return (
              <button
                key={guild.id}
                type="button"
                role="menuitemradio"
                aria-checked={isCurrent}
                className="menu-item guild-switcher__option"
                onClick={() => {
                  close();
                  handleChoose(guild);
                }}
                data-testid="guild-option"
                data-guild-id={guild.id}
              >
                <GuildAvatar name={guild.name} iconUrl={guild.iconUrl} size="sm" />
                <span className="guild-switcher__option-name">{guild.name}</span>
                {isCurrent && <Check size={16} aria-hidden="true" className="guild-switcher__check" />}
              </button>
            );
          })}
          <Link role="menuitem" className="menu-item guild-switcher__manage" to={COMMUNITY_PATHS.selectGuild} onClick={close}>
            <LayoutGrid size={16} aria-hidden="true" />
            All guilds and bot setup
          </Link>
        </>
      )}
    </Dropdown>
  );
}

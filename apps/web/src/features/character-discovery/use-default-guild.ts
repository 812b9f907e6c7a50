import { useEffect } from 'react';
import { useGuildOptions } from '../../api/guild-options';

/**
 * With no guild in the URL, opens the spec's default fallback guild (the first active guild with a Discord
 * server, named by the server), replacing the history entry so Back does not return to the empty screen.
 */
export function useDefaultGuild(guildId: string | undefined, selectGuild: (id: string, options: { replace: boolean }) => void) {
  const guilds = useGuildOptions('');
  const fallback = guilds.data?.defaultGuildId ?? guilds.data?.data[0]?.id ?? null;
  useEffect(() => {
    if (guildId === undefined && fallback !== null) selectGuild(fallback, { replace: true });
  }, [guildId, fallback, selectGuild]);
  return { isLoading: guildId === undefined && guilds.isPending, hasNoGuilds: guilds.isSuccess && fallback === null };
}

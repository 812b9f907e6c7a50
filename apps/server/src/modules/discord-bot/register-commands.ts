import { DISCORD_BOT_MESSAGES } from '@guildhall/contract';
import type { CommandScope } from '../../config';
import type { DiscordRest } from '../../services/discord/discord-rest';
import { COMMAND_DEFINITIONS } from './command-definitions';

/**
 * Registers the bot's slash commands with Discord (PUT, which replaces the set): globally, or in the given servers,
 * where they appear at once (global commands can take a while to reach every client). Says what it did.
 */
export async function registerCommands(rest: DiscordRest, scope: NonNullable<CommandScope>): Promise<string[]> {
  if (scope.kind === 'global') {
    const registered = await rest.putCommands(COMMAND_DEFINITIONS);
    return [DISCORD_BOT_MESSAGES.commandsRegistered(registered.length, 'globally')];
  }
  const said: string[] = [];
  for (const guildId of scope.guildIds) {
    const registered = await rest.putCommands(COMMAND_DEFINITIONS, guildId);
    said.push(DISCORD_BOT_MESSAGES.commandsRegistered(registered.length, `in server ${guildId}`));
  }
  return said;
}

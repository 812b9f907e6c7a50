import { listOwnCharacters } from '../raids/list-own-characters';
import { botMemberOf } from './bot-member';
import type { DiscordBotDeps } from './discord-bot-deps';
import type { BotReply, Interaction } from './interaction';
import { raidStartText, upcomingRaids } from './upcoming-raids';

/** Discord shows at most 25 choices. */
const MAX_CHOICES = 25;

const matches = (text: string, typed: string) => text.toLowerCase().includes(typed.trim().toLowerCase());

/**
 * Autocomplete from our data: the guild's coming raids for `raid`, the caller's own characters for `character`. Never
 * a refusal (Discord shows none): someone who may not see the guild simply gets no choices.
 */
export async function answerAutocomplete(deps: DiscordBotDeps, interaction: Interaction): Promise<BotReply> {
  const none: BotReply = { kind: 'choices', choices: [] };
  const focused = interaction.data?.options?.find((option) => option.focused);
  if (!interaction.guild_id || !focused) return none;
  const member = await botMemberOf(deps, interaction, interaction.guild_id).catch(() => null);
  if (!member) return none;
  const typed = String(focused.value ?? '');
  if (focused.name === 'raid') {
    const { timeZone, raids } = await upcomingRaids(deps, member);
    return {
      kind: 'choices',
      choices: raids
        .filter((raid) => matches(`${raid.name} ${raid.instance}`, typed))
        .slice(0, MAX_CHOICES)
        .map((raid) => ({ name: `${raid.name} · ${raidStartText(raid, timeZone)}`.slice(0, 100), value: raid.id })),
    };
  }
  if (focused.name === 'character') {
    const characters = await listOwnCharacters(deps.db, member);
    return {
      kind: 'choices',
      choices: characters
        .filter((character) => matches(`${character.name} ${character.realm}`, typed))
        .slice(0, MAX_CHOICES)
        .map((character) => ({
          name: `${character.name}-${character.realm} (${character.class})`.slice(0, 100),
          value: character.id,
        })),
    };
  }
  return none;
}

import { readCharacterLoot, searchItems } from '../loot';
import { listOwnCharacters } from '../raids/list-own-characters';
import { type BotMember, botMemberOf } from './bot-member';
import type { DiscordBotDeps } from './discord-bot-deps';
import { type BotReply, type CommandOption, type Interaction, leafOptions, optionOf, subcommandOf } from './interaction';
import { raidStartText, upcomingRaids } from './upcoming-raids';
import { wishlistCharacter } from './wishlist-command';

/** Discord shows at most 25 choices. */
const MAX_CHOICES = 25;

const matches = (text: string, typed: string) => text.toLowerCase().includes(typed.trim().toLowerCase());

/**
 * Autocomplete from our data: the guild's coming raids for `raid`, the caller's own characters for `character`, items
 * for `item`. Never
 * a refusal (Discord shows none): someone who may not see the guild simply gets no choices.
 */
export async function answerAutocomplete(deps: DiscordBotDeps, interaction: Interaction): Promise<BotReply> {
  const none: BotReply = { kind: 'choices', choices: [] };
  const options = leafOptions(interaction.data?.options);
  const focused = options?.find((option) => option.focused);
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
  if (focused.name === 'item') return { kind: 'choices', choices: await itemChoices(deps, member, interaction, options, typed) };
  return none;
}

/**
 * Items for /wishlist: to remove, those on the character's list; to add, the loot module's catalog and the guild's own
 * loot matching what is typed (an empty search lists the catalog's first).
 */
async function itemChoices(
  deps: DiscordBotDeps,
  member: BotMember,
  interaction: Interaction,
  options: readonly CommandOption[] | undefined,
  typed: string,
): Promise<{ name: string; value: string }[]> {
  if (subcommandOf(interaction.data?.options)?.name === 'remove') {
    const character = await wishlistCharacter(deps, member, optionOf(options, 'character')).catch(() => null);
    if (!character) return [];
    const { wishlist } = await readCharacterLoot(deps.db, member, character.id);
    return wishlist
      .filter((line) => matches(line.itemName, typed))
      .slice(0, MAX_CHOICES)
      .map((line) => ({ name: line.itemName.slice(0, 100), value: String(line.itemId) }));
  }
  const items = await searchItems(deps.db, member, typed.trim());
  return items.slice(0, MAX_CHOICES).map((item) => ({
    name: `${item.name}${item.itemLevel ? ` (${item.itemLevel})` : ''}${item.boss ? ` · ${item.boss}` : ''}`.slice(0, 100),
    value: String(item.itemId),
  }));
}

import { DISCORD_BOT_MESSAGES, LOOT_LIMITS, LOOT_MESSAGES, type LootItem, type OwnCharacter } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { readCharacterLoot, saveWishlist, searchItems } from '../loot';
import { listOwnCharacters } from '../raids/list-own-characters';
import type { BotMember } from './bot-member';
import type { DiscordBotDeps } from './discord-bot-deps';
import { type BotReply, type CommandOption, ephemeral, optionOf, subcommandOf } from './interaction';

const nameOf = (character: Pick<OwnCharacter, 'name' | 'realm'>) => `${character.name}-${character.realm}`;

/**
 * The character a /wishlist acts on: the one named (one of the caller's own, else the web's refusal), or the caller's
 * only one. Someone with several is asked to name one; someone with none is told how to link.
 */
export async function wishlistCharacter(deps: DiscordBotDeps, member: BotMember, named: unknown): Promise<OwnCharacter> {
  const own = await listOwnCharacters(deps.db, member);
  if (typeof named === 'string' && named !== '') {
    const character = own.find((candidate) => candidate.id === named || nameOf(candidate).toLowerCase() === named.toLowerCase());
    if (!character) throw new AppError('FORBIDDEN', LOOT_MESSAGES.notYourCharacter);
    return character;
  }
  if (own.length === 0) throw new AppError('CONFLICT', DISCORD_BOT_MESSAGES.noCharacters);
  if (own.length > 1) throw new AppError('VALIDATION_FAILED', DISCORD_BOT_MESSAGES.chooseOwnCharacter);
  return own[0]!;
}

/** The item an option names: its id (what autocomplete gives), or a name that matches one item exactly or alone. */
async function namedItem(deps: DiscordBotDeps, member: BotMember, named: unknown): Promise<LootItem> {
  const typed = String(named ?? '').trim();
  if (typed === '') throw new AppError('VALIDATION_FAILED', DISCORD_BOT_MESSAGES.chooseItem);
  const found = await searchItems(deps.db, member, typed);
  const item = /^\d{1,9}$/.test(typed)
    ? found.find((candidate) => candidate.itemId === Number(typed))
    : (found.find((candidate) => candidate.name.toLowerCase() === typed.toLowerCase()) ??
      (found.length === 1 ? found[0] : undefined));
  if (!item) throw new AppError('VALIDATION_FAILED', DISCORD_BOT_MESSAGES.chooseItem);
  return item;
}

/** The wishlist's lines as the save takes them back. */
const linesOf = (wishlist: readonly { itemId: number; note: string }[]) =>
  wishlist.map((line) => ({ itemId: line.itemId, note: line.note }));

/**
 * /wishlist add|remove|show: the caller's wishlist through the loot module's own operations, so the web's rules hold
 * (own characters only, the officers' lock date, known items, the size limit); a refusal is its message, ephemeral.
 */
export async function wishlistCommand(
  deps: DiscordBotDeps,
  member: BotMember,
  options: readonly CommandOption[] | undefined,
): Promise<BotReply> {
  const sub = subcommandOf(options);
  const character = await wishlistCharacter(deps, member, optionOf(sub?.options, 'character'));
  const name = nameOf(character);
  const { wishlist } = await readCharacterLoot(deps.db, member, character.id);
  if (sub?.name === 'show') {
    if (wishlist.length === 0) return ephemeral(DISCORD_BOT_MESSAGES.wishlistEmpty(name));
    const lines = wishlist.map((line) => `${line.rank}. ${line.itemName}${line.note ? ` · ${line.note}` : ''}`);
    return ephemeral([DISCORD_BOT_MESSAGES.wishlistHeading(name), ...lines].join('\n').slice(0, 2000));
  }
  const item = await namedItem(deps, member, optionOf(sub?.options, 'item'));
  const isOn = wishlist.some((line) => line.itemId === item.itemId);
  if (sub?.name === 'remove') {
    if (!isOn) return ephemeral(DISCORD_BOT_MESSAGES.wishlistNotOn(item.name, name));
    await saveWishlist(deps.db, member, character.id, {
      items: linesOf(wishlist.filter((line) => line.itemId !== item.itemId)),
    });
    return ephemeral(DISCORD_BOT_MESSAGES.wishlistRemoved(item.name, name));
  }
  if (sub?.name !== 'add') return ephemeral(DISCORD_BOT_MESSAGES.unknownCommand);
  if (isOn) return ephemeral(DISCORD_BOT_MESSAGES.wishlistAlreadyOn(item.name, name));
  if (wishlist.length >= LOOT_LIMITS.wishlistItems)
    return ephemeral(DISCORD_BOT_MESSAGES.wishlistFull(LOOT_LIMITS.wishlistItems));
  const note = String(optionOf(sub.options, 'note') ?? '')
    .trim()
    .slice(0, LOOT_LIMITS.noteLength);
  const saved = await saveWishlist(deps.db, member, character.id, {
    items: [...linesOf(wishlist), { itemId: item.itemId, note }],
  });
  const rank = saved.find((line) => line.itemId === item.itemId)?.rank ?? saved.length;
  return ephemeral(DISCORD_BOT_MESSAGES.wishlistAdded(item.name, name, rank));
}

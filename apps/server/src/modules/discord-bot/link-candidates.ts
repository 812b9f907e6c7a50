import { AUTO_LINK, DISCORD_BOT_MESSAGES } from '@guildhall/contract';
import { findAutoLinks } from '../character-linking/find-auto-links';
import type { BotMember } from './bot-member';
import type { DiscordBotDeps } from './discord-bot-deps';
import { type BotReply, ephemeral } from './interaction';

/** Discord's message limit leaves room for about this many candidates. */
const MAX_CANDIDATES = 15;

/**
 * /link: the guild's unlinked characters the name matcher finds for the caller (Character Discovery's own matcher and
 * bands), best first, for an officer to confirm there; and where to connect Battle.net, whose verified characters are
 * linked as claims. It links nothing itself: a name match is not proof that a character is theirs.
 */
export async function listLinkCandidates(deps: DiscordBotDeps, member: BotMember, publicUrl: string): Promise<BotReply> {
  const found = await findAutoLinks(deps.db, { guildId: member.guildId, minScore: AUTO_LINK.minScore, includeLinked: false });
  const matches = [...found.high, ...found.medium, ...found.low]
    .filter((group) => group.discordUser.discordUserId === member.discordUserId)
    .flatMap((group) => group.matches)
    .filter((match) => !match.character.isLinked)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_CANDIDATES);
  const settings = `${publicUrl.replace(/\/+$/, '')}/settings`;
  if (matches.length === 0) return ephemeral(`${DISCORD_BOT_MESSAGES.linkNoCandidates} ${settings}`);
  const lines = matches.map(
    (match) =>
      `• ${match.character.name}-${match.character.realm} (${Math.round(match.score * 100)} %${match.evidence ? `, ${match.evidence}` : ''})`,
  );
  return ephemeral([DISCORD_BOT_MESSAGES.linkCandidates, ...lines, settings].join('\n'));
}

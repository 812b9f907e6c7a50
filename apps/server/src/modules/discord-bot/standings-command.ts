import { COMMUNITY_PATHS, DISCORD_BOT_MESSAGES, LOOT_SYSTEM_LABELS, type StandingRow } from '@guildhall/contract';
import { listStandings } from '../loot';
import type { BotMember } from './bot-member';
import type { DiscordBotDeps } from './discord-bot-deps';
import { type BotReply, ephemeral } from './interaction';

/** How many standings fit a Discord message (2,000 characters) with room to spare. */
const LISTED = 20;

/** One standings line: DKP by points, EPGP by priority with its EP and GP. */
function standingLine(row: StandingRow, index: number, ledger: 'dkp' | 'epgp'): string {
  const who = `${index + 1}. **${row.character.name}** (${row.character.class})`;
  return ledger === 'dkp' ? `${who} ${row.points} DKP` : `${who} PR ${row.priority} · EP ${row.ep} · GP ${row.gp}`;
}

/**
 * /standings: the guild's loot standings from the loot module (computed from its ledger, as the web shows them), the
 * first 20 with a link to the rest; for a system without points, a sentence saying so.
 */
export async function standingsCommand(deps: DiscordBotDeps, member: BotMember): Promise<BotReply> {
  const { system, ledger, standings, total } = await listStandings(deps.db, member);
  if (!ledger) return ephemeral(DISCORD_BOT_MESSAGES.noStandings(LOOT_SYSTEM_LABELS[system]));
  const label = LOOT_SYSTEM_LABELS[system];
  if (standings.length === 0) return ephemeral(DISCORD_BOT_MESSAGES.standingsEmpty(label));
  const listed = standings.slice(0, LISTED);
  const page = `${deps.publicUrl.replace(/\/+$/, '')}${COMMUNITY_PATHS.loot}?tab=standings`;
  return ephemeral(
    [
      DISCORD_BOT_MESSAGES.standingsHeading(label, listed.length, total),
      ...listed.map((row, index) => standingLine(row, index, ledger)),
      page,
    ].join('\n'),
  );
}

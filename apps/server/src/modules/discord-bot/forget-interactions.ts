import { DISCORD_SIGNATURE_MAX_AGE_S } from '@guildhall/contract';
import type { DiscordBotDeps } from './discord-bot-deps';
import { deleteInteractionsBefore } from './queries';

/**
 * Forgets the ids of interactions older than twice the signature window: a replay of one of them is refused as stale
 * before its id is looked at, so the table holds only the minutes that matter.
 */
export async function forgetOldInteractions(deps: Pick<DiscordBotDeps, 'db'>): Promise<number> {
  return deleteInteractionsBefore(deps.db, new Date(Date.now() - 2 * DISCORD_SIGNATURE_MAX_AGE_S * 1000));
}

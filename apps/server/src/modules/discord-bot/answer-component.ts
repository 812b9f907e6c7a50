import { DISCORD_BOT_MESSAGES, RAID_ROLES, type RaidRole } from '@guildhall/contract';
import { answerRaid } from './answer-raid';
import { botMemberOf } from './bot-member';
import { parseCustomId } from './custom-ids';
import type { DiscordBotDeps } from './discord-bot-deps';
import { type BotReply, ephemeral, type Interaction, type ModalComponent } from './interaction';

const isRole = (value: string | undefined): value is RaidRole => (RAID_ROLES as readonly string[]).includes(value ?? '');

/** The value of a modal's text input, wherever Discord nested it. */
function inputValue(components: readonly ModalComponent[] | undefined, customId: string): string | undefined {
  for (const component of components ?? []) {
    if (component.custom_id === customId && component.value !== undefined) return component.value;
    const nested = inputValue([...(component.components ?? []), ...(component.component ? [component.component] : [])], customId);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

/**
 * A button, select or modal of ours: its custom id names the server, the raid and the answer; the caller is checked as
 * a member of that server's guild (in a server or in a direct message alike), then the raid is answered.
 */
export async function answerComponent(deps: DiscordBotDeps, interaction: Interaction): Promise<BotReply> {
  const action = parseCustomId(interaction.data?.custom_id ?? '');
  if (!action) return ephemeral(DISCORD_BOT_MESSAGES.badInteraction);
  // A press in another server than the one the id names is refused: ids travel with messages, not with rights.
  if (interaction.guild_id && interaction.guild_id !== action.discordGuildId)
    return ephemeral(DISCORD_BOT_MESSAGES.guildNotAvailable);
  const member = await botMemberOf(deps, interaction, action.discordGuildId);
  if (action.kind === 'answer') return answerRaid(deps, member, { raidId: action.raidId, status: action.status });
  if (action.kind === 'character') {
    const [characterId, role] = (interaction.data?.values?.[0] ?? '').split(':');
    if (!characterId || !isRole(role)) return ephemeral(DISCORD_BOT_MESSAGES.badInteraction);
    return answerRaid(deps, member, { raidId: action.raidId, status: action.status, characterId, role });
  }
  const typed = inputValue(interaction.data?.components, 'minutes')?.trim() ?? '';
  return answerRaid(deps, member, {
    raidId: action.raidId,
    status: 'late',
    characterId: action.seat.characterId,
    role: action.seat.role ?? undefined,
    lateMinutes: /^\d{1,4}$/.test(typed) ? Number(typed) : Number.NaN,
  });
}

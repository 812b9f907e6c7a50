import { ATTENDANCE_MESSAGES, attendanceSummary } from '@guildhall/contract';
import { ownStanding } from '../raids/attendance-rule';
import type { BotMember } from './bot-member';
import type { DiscordBotDeps } from './discord-bot-deps';
import { type BotReply, ephemeral } from './interaction';

/** /attendance: the caller's rate against the guild's rule, for them alone (the web's /roster says the same). */
export async function ownAttendance(deps: DiscordBotDeps, member: BotMember): Promise<BotReply> {
  const { rule, standing, isMember } = await ownStanding(deps.db, member.guildId, member.userId);
  if (!isMember) return ephemeral(ATTENDANCE_MESSAGES.noMember);
  return ephemeral(attendanceSummary(standing.counts, rule));
}

import { DISCORD_BOT_MESSAGES, findSetting, type RaidDetail } from '@guildhall/contract';
import { CANNOT_MESSAGE_USER, isDiscordError } from '../../services/discord/discord-rest';
import { selectStoredSettings } from '../guild-config/queries';
import type { DiscordBotDeps } from './discord-bot-deps';
import {
  claimReminder,
  findDiscordGuildId,
  markDirectMessagesClosed,
  markRaidReminded,
  type RaidPostRow,
  releaseReminder,
  selectPostsToRemind,
  selectRemindableMembers,
} from './queries';
import { answerButtons, discordTime, isRaidOpen } from './raid-message';
import { postReader, raidForPost } from './raid-post-target';

/** Posts looked at per run. */
const POSTS_PER_RUN = 50;
const UNIT_MS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** How long before sign-ups close the guild reminds: the longest of its Raids "Reminder times" (default 24h). */
async function reminderLeadMs(deps: DiscordBotDeps, guildId: string): Promise<number> {
  const stored = (await selectStoredSettings(deps.db, guildId, 'raids')).get('reminderTimes')?.value;
  const times = Array.isArray(stored) ? stored : (findSetting('raids', 'reminderTimes')?.default as string[]);
  const leads = times.map((time) => /^(\d+)([mhd])$/.exec(String(time))).map((m) => (m ? Number(m[1]) * UNIT_MS[m[2]!]! : 0));
  return Math.max(0, ...leads);
}

/** Sends one member the reminder with the answer buttons; a closed DM (50007) is recorded, not retried. */
async function remindMember(
  deps: DiscordBotDeps,
  post: RaidPostRow,
  raid: RaidDetail,
  discordGuildId: string,
  discordUserId: string,
) {
  if (!(await claimReminder(deps.db, raid.id, discordUserId))) return 'already';
  try {
    await deps.rest.sendDirectMessage(discordUserId, {
      content: DISCORD_BOT_MESSAGES.reminder(raid.name, discordTime(raid.startsAt)),
      components: [answerButtons(discordGuildId, raid.id)],
    });
    return 'sent';
  } catch (error) {
    if (!isDiscordError(error, CANNOT_MESSAGE_USER)) {
      await releaseReminder(deps.db, raid.id, discordUserId);
      throw error;
    }
    await markDirectMessagesClosed(deps.db, post.guild_id, raid.id, discordUserId);
    return 'dm_closed';
  }
}

/**
 * Reminds, by direct message with the answer buttons, the guild's Discord members who have not answered a posted raid
 * once its sign-ups close within the reminder lead. Each member once per raid (a row claims the reminder before it is
 * sent, so two runs never send it twice); a member whose direct messages are closed is recorded and skipped. What is
 * sent goes through the REST client's queue, within Discord's rate limits.
 */
export async function sendDueReminders(deps: DiscordBotDeps): Promise<{ sent: number; closed: number }> {
  const counts = { sent: 0, closed: 0 };
  if (!deps.rest.hasBotToken) return counts;
  for (const post of await selectPostsToRemind(deps.db, POSTS_PER_RUN)) {
    const discordGuildId = await findDiscordGuildId(deps.db, post.guild_id);
    if (!discordGuildId) continue;
    const raid = await raidForPost(deps, postReader(post.guild_id, discordGuildId), post.raid_event_id);
    const now = Date.now();
    if (!isRaidOpen(raid, now)) {
      await markRaidReminded(deps.db, raid.id);
      continue;
    }
    if (Date.parse(raid.signupsCloseAt) - now > (await reminderLeadMs(deps, post.guild_id))) continue;
    const answered = new Set(raid.signups.map((signup) => signup.userId));
    const members = await selectRemindableMembers(deps.db, post.guild_id, raid.id);
    const outcomes = await Promise.allSettled(
      members
        .filter((member) => !member.user_id || !answered.has(member.user_id))
        .map((member) => remindMember(deps, post, raid, discordGuildId, member.discord_user_id)),
    );
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') deps.log.warn({ err: outcome.reason, raid: raid.id }, 'Discord reminder failed');
      else if (outcome.value === 'sent') counts.sent++;
      else if (outcome.value === 'dm_closed') counts.closed++;
    }
    await markRaidReminded(deps.db, raid.id);
  }
  return counts;
}

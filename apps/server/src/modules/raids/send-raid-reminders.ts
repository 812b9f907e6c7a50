import { COMMUNITY_PATHS, raidReminderMail, reminderMs } from '@guildhall/contract';
import { listUnansweredMembers } from './list-unanswered-members';
import { lockRaid } from './raid-queries';
import type { RaidsDeps } from './raids-deps';
import { insertReminderRuns, insertReminders } from './reminder-queries';

/** What one reminder job does: the raid, its guild, and the reminder times that came due together. */
export interface RaidReminderInput {
  raidId: string;
  guildId: string;
  reminders: string[];
}

const shortest = (reminders: readonly string[]) => [...reminders].sort((a, b) => (reminderMs(a) ?? 0) - (reminderMs(b) ?? 0))[0]!;

/**
 * Reminds by e-mail the guild's members who have not answered the raid and keep e-mail reminders on. Once: the run
 * of each reminder time and each member's reminder are written with ON CONFLICT DO NOTHING in one transaction, so a
 * second job, on this process or another, finds them done and sends nothing. Several times due at once (a raid planned
 * late) send one mail, as the nearest. The mails go after the commit: a crash between sends none rather than twice.
 */
export async function sendRaidReminders(deps: RaidsDeps, input: RaidReminderInput): Promise<{ sent: number }> {
  const work = await deps.db.transaction(async (tx) => {
    const raid = await lockRaid(tx, input.guildId, input.raidId, 'share');
    if (!raid || raid.cancelled_at || raid.is_closed) return null;
    const marked = await insertReminderRuns(tx, input.raidId, input.reminders);
    if (marked.length === 0) return null;
    const reminder = shortest(marked);
    const members = await listUnansweredMembers(tx, input.guildId, input.raidId);
    const byEmail = members.filter((m) => m.userId && m.email && m.remindByEmail);
    const recorded = new Set(
      await insertReminders(
        tx,
        { raidId: input.raidId, reminder, channel: 'email' },
        byEmail.map((m) => m.userId!),
      ),
    );
    return { raid, recipients: byEmail.filter((m) => recorded.has(m.userId!)) };
  });
  if (!work) return { sent: 0 };
  const { raid, recipients } = work;
  const mail = raidReminderMail(
    {
      name: raid.name,
      instance: raid.instance,
      startsAt: raid.starts_at.toISOString(),
      closesAt: (raid.signup_deadline ?? raid.starts_at).toISOString(),
    },
    `${deps.publicUrl}${COMMUNITY_PATHS.raids}/${raid.id}`,
  );
  for (const member of recipients) await deps.mailer.send({ to: member.email!, ...mail });
  return { sent: recipients.length };
}

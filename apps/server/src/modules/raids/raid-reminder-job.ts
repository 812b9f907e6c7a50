import { reminderMs } from '@guildhall/contract';
import { type JobKind, kindOnce } from '../../services/job-queue';
import type { RaidsDeps } from './raids-deps';
import { selectReminderCandidates, selectReminderRuns } from './reminder-queries';
import { type RaidReminderInput, sendRaidReminders } from './send-raid-reminders';

/** The reminder job kind: one raid's reminders, claimed by one process. */
export type RaidReminderJob = JobKind<RaidReminderInput, null, { sent: number }>;

/** The reminder job kind of these deps, made once (the runner knows a kind by its one object). */
export const raidReminderJob = kindOnce(
  (deps: RaidsDeps) => deps,
  (deps): RaidReminderJob => ({
    name: 'raid_reminder',
    maxAttempts: 3,
    interruptedError: 'The reminders stopped with their process; they were tried again',
    failedError: 'The reminders could not be sent',
    run: (running) => sendRaidReminders(deps, running.record.input),
    announce: () => [],
  }),
);

/** How far ahead the scan looks: the longest reminder time it honours. */
const HORIZON_MS = 14 * 864e5;

/**
 * Queues a reminder job for every raid with a reminder time come due and not yet run (the guild's reminderTimes before
 * its sign-ups close). Run every minute on every process: a raid with a job queued or running gets no second, and the
 * job itself sends each reminder once. The jobs queued.
 */
export async function queueDueReminders(deps: RaidsDeps, kind: RaidReminderJob): Promise<number> {
  const now = Date.now();
  const candidates = await selectReminderCandidates(deps.db, new Date(now + HORIZON_MS));
  if (candidates.length === 0) return 0;
  const runs = await selectReminderRuns(
    deps.db,
    candidates.map((raid) => raid.id),
  );
  const timesOf = new Map<string, string[]>();
  let queued = 0;
  for (const raid of candidates) {
    if (!timesOf.has(raid.guild_id))
      timesOf.set(raid.guild_id, (await deps.raidSettingsOf(deps.db, raid.guild_id)).reminderTimes);
    const due = timesOf.get(raid.guild_id)!.filter((reminder) => {
      const ms = reminderMs(reminder);
      return ms !== null && raid.closes_at.getTime() - ms <= now && !runs.has(`${raid.id} ${reminder}`);
    });
    if (due.length === 0) continue;
    const job = await deps.jobs.enqueue(kind, {
      input: { raidId: raid.id, guildId: raid.guild_id, reminders: due },
      requester: { actor: { type: 'system' }, ip: null },
      tenantId: raid.guild_id,
      target: `raid-reminder:${raid.id}`,
    });
    if (job) queued += 1;
  }
  return queued;
}

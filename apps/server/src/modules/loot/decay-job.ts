// The weekly decay as a job kind on the one job layer: one job per guild at a time (its target), claimed by one
// process; the week itself is claimed in loot_decay_runs, so a week decays once however many processes queue it.
import { type JobKind, kindOnce } from '../../services/job-queue';
import { decayLedger, lastEndedWeek } from './decay-ledger';
import { selectGuildsDueForDecay } from './ledger-queries';
import type { LootDeps } from './loot-deps';

export interface DecayJobInput {
  guildId: string;
  /** The guild's Discord server: its room hears that standings moved (null: no member can have a loot page open). */
  discordGuildId?: string | null;
}

export type LootDecayJob = JobKind<DecayJobInput, null, { weeks: number; entries: number }>;

/** The decay job kind of this app, made once per database (the runner knows a kind by its one object). */
export const lootDecayJob = kindOnce(
  (deps: LootDeps) => deps.db,
  (deps): LootDecayJob => ({
    name: 'loot_decay',
    maxAttempts: 3,
    interruptedError: 'The decay stopped with its process; the weeks it finished stay decayed and it goes on from there',
    failedError: 'The decay failed',
    run: (running) => decayLedger(deps.db, running.record.input.guildId),
    // Open loot pages refetch their standings when a decay wrote entries, as they do after an officer's change.
    announce: (job) => {
      const { guildId, discordGuildId } = job.input;
      if (job.status !== 'succeeded' || !job.result?.entries || !discordGuildId) return [];
      return [{ type: 'loot.changed', loot: { guildId, discordGuildId, change: 'decay', raidId: null } }];
    },
  }),
);

/** Queues a decay for every guild with a week that ended undecayed; how many were queued. */
export async function queueDueDecays(deps: LootDeps, now = new Date()): Promise<number> {
  const job = lootDecayJob(deps);
  let queued = 0;
  for (const { guild_id, discord_guild_id } of await selectGuildsDueForDecay(deps.db, lastEndedWeek(now))) {
    const record = await deps.jobs.enqueue(job, {
      input: { guildId: guild_id, discordGuildId: discord_guild_id },
      requester: { actor: { type: 'system' }, ip: null },
      tenantId: guild_id,
      target: guild_id,
    });
    if (record) queued += 1;
  }
  return queued;
}

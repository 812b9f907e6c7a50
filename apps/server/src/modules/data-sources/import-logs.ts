import {
  battlenetSlug,
  GAME_DATA_MESSAGES,
  realmKey,
  reportNotFound,
  warcraftLogsPointsSpent,
  wowClassOf,
} from '@guildhall/contract';
import type { Queryable } from '../../services/db/db';
import { GameDataError } from '../../services/game-data/game-data-error';
import type { LogRateLimit, LogReport, WarcraftLogsApi } from '../../services/game-data/warcraftlogs';
import { JobFailure } from '../../services/job-queue';
import {
  insertAttendance,
  insertFights,
  insertParses,
  insertRaidOfReport,
  selectImportedFights,
  selectRaidOfReport,
} from './combat-log-queries';
import { CharacterIndex, type Observation } from './plan-characters';
import { addSourceSightings, recordActivity, selectGuildForSources, selectKnownCharacters } from './queries';
import { countsOf, planObservations, type SourceSyncBody, type SourceSyncResult } from './source-sync-job';
import { writePlans } from './write-plans';

/** Warcraft Logs' difficulty ids as the game names them. */
const DIFFICULTIES: Record<number, string> = { 1: 'LFR', 3: 'Normal', 4: 'Heroic', 5: 'Mythic' };

/**
 * One report written: the fights the guild did not hold yet (idempotent on report code + fight id), the players
 * present in them as characters (source combat_log, one occurrence per fight) and as attendance of the raid night the
 * report belongs to (the guild's raid overlapping it, else one made from the report), and each player's parse.
 */
async function saveReport(tx: Queryable, guildId: string, realm: string, report: LogReport): Promise<SourceSyncResult> {
  const imported = await selectImportedFights(tx, guildId, report.code);
  const fights = report.fights.filter((fight) => !imported.has(fight.id));
  const present = new Map<number, number>();
  for (const fight of fights) for (const id of fight.playerIds) present.set(id, (present.get(id) ?? 0) + 1);
  const players = report.players.filter((player) => present.has(player.id));
  // Logs write the guild's realm without spaces ('ArgentDawn'): a new character takes the guild's own spelling.
  const realmOf = (server: string) => (!server || realmKey(server) === realmKey(realm) ? realm : server);
  const observations: { observation: Observation; fights: number }[] = [];
  let rejected = 0;
  for (const player of players) {
    const className = wowClassOf(player.className);
    if (!className) rejected++;
    else
      observations.push({
        observation: { name: player.name, realm: realmOf(player.server), className, fields: {} },
        fights: present.get(player.id)!,
      });
  }
  const plans = await planObservations(
    tx,
    guildId,
    'combat_log',
    observations.map((entry) => entry.observation),
  );
  const written = await writePlans(tx, guildId, plans, new Date());
  const counts = { ...countsOf(plans, written, rejected), fights: fights.length };
  if (fights.length === 0) return counts;

  const index = new CharacterIndex(await selectKnownCharacters(tx, guildId));
  const characterOf = (observation: Observation) => index.find(observation)!.id;
  const endedAt = new Date(report.endTime);
  const startsAt = new Date(report.startTime);
  const raidEventId =
    (await selectRaidOfReport(tx, guildId, startsAt, endedAt)) ??
    (await insertRaidOfReport(tx, guildId, {
      name: report.title,
      instance: report.zone ?? report.title,
      difficulty: DIFFICULTIES[Math.max(...fights.map((fight) => fight.difficulty ?? 0))] ?? 'Normal',
      startsAt,
      endsAt: endedAt,
    }));
  await insertFights(
    tx,
    guildId,
    report.code,
    raidEventId,
    fights.map((fight) => ({
      fight_id: fight.id,
      encounter_id: fight.encounterId,
      boss: fight.boss,
      difficulty: DIFFICULTIES[fight.difficulty ?? 0] ?? null,
      is_kill: fight.isKill,
      started_at: new Date(fight.startTime),
      ended_at: new Date(fight.endTime),
    })),
  );
  const ids = observations.map((entry) => characterOf(entry.observation));
  await insertAttendance(tx, raidEventId, ids);
  await addSourceSightings(
    tx,
    'combat_log',
    observations.map((entry, at) => ({ character_id: ids[at]!, count: entry.fights, seen_at: endedAt })),
  );
  await recordActivity(
    tx,
    ids.map((id) => ({ id, at: endedAt, count: 1 })),
  );
  const newFights = new Set(fights.map((fight) => fight.id));
  await insertParses(
    tx,
    guildId,
    report.code,
    report.parses.flatMap((parse) => {
      const found = newFights.has(parse.fightId) ? index.find({ name: parse.name, realm: realmOf(parse.server) }) : null;
      return found ? [{ fight_id: parse.fightId, character_id: found.id, spec: parse.spec, percentile: parse.percentile }] : [];
    }),
  );
  return counts;
}

const sum = (a: SourceSyncResult, b: SourceSyncResult): SourceSyncResult => ({
  new: a.new + b.new,
  changed: a.changed + b.changed,
  unchanged: a.unchanged + b.unchanged,
  rejected: a.rejected + b.rejected,
  fights: (a.fights ?? 0) + (b.fights ?? 0),
  conflicts: [...a.conflicts, ...b.conflicts],
});

/** Warcraft Logs: one report by its code, or the guild's latest; every report read before anything is written. */
export function logsImport(api: WarcraftLogsApi, db: Queryable): SourceSyncBody<LogReport[]> {
  return {
    async fetch(job, save) {
      const { input } = job.record;
      const codes = input.reportCode
        ? [input.reportCode]
        : await api.guildReports(
            { name: input.guildName, serverSlug: battlenetSlug(input.realm), region: input.region },
            input.latest ?? 1,
            job.signal,
          );
      if (!codes) throw new GameDataError('not_found', 'no such guild');
      if (codes.length === 0) throw new JobFailure(GAME_DATA_MESSAGES.noReports);
      const reports: LogReport[] = [];
      let points: LogRateLimit | null = null;
      for (const code of codes) {
        // The hour's points spent: the next query would be refused, so stop before asking.
        if (points && points.pointsSpentThisHour >= points.limitPerHour) {
          throw new JobFailure(warcraftLogsPointsSpent(Math.ceil(points.pointsResetIn / 60)));
        }
        const { report, rateLimit } = await api.report(code, job.signal);
        points = rateLimit;
        if (!report) throw new JobFailure(reportNotFound(code));
        reports.push(report);
        await save({ phase: 'fetching', fetched: reports.length, total: codes.length });
      }
      return reports;
    },
    async save(tx, job, reports) {
      const guild = (await selectGuildForSources(db, job.tenantId!))!;
      let result: SourceSyncResult = { new: 0, changed: 0, unchanged: 0, rejected: 0, fights: 0, conflicts: [] };
      for (const report of reports) result = sum(result, await saveReport(tx, job.tenantId!, guild.server, report));
      return result;
    },
  };
}

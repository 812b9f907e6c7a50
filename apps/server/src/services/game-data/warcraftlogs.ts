import type { Config } from '../../config';
import { ClientRefused, clientCredentials, TokenEndpointFailed } from '../client-credentials';
import { DEFAULT_PACED_TIMING, type PacedTiming, pacedFetch } from '../paced-fetch';
import { GameDataError, unavailableOf } from './game-data-error';

// Warcraft Logs API v2: GraphQL at /api/v2/client with a client-credentials token. A report by its code: its fights
// (boss encounters, kills and wipes), the players present in each, and each player's parse; a guild's latest
// reports. Every answer carries rateLimitData (points per hour); a query past the hour's points is answered 429.
// A report that does not exist (or is private) is a 200 with `errors` and a null report.

/** A boss fight of a report. */
export interface LogFight {
  id: number;
  encounterId: number;
  boss: string;
  isKill: boolean;
  /** 1 LFR, 3 Normal, 4 Heroic, 5 Mythic. */
  difficulty: number | null;
  startTime: number;
  endTime: number;
  /** Actor ids of the players in it. */
  playerIds: number[];
}

/** A player of a report. */
export interface LogPlayer {
  id: number;
  name: string;
  /** The realm's slug-less name as the log wrote it ('ArgentDawn', 'Ravencrest'). */
  server: string;
  /** The class as one word ('DeathKnight'). */
  className: string;
}

/** A player's parse in one fight. */
export interface LogParse {
  fightId: number;
  name: string;
  server: string;
  spec: string | null;
  percentile: number;
}

export interface LogReport {
  code: string;
  title: string;
  zone: string | null;
  startTime: number;
  endTime: number;
  fights: LogFight[];
  players: LogPlayer[];
  parses: LogParse[];
}

/** Points of the hour, as Warcraft Logs counts them. */
export interface LogRateLimit {
  limitPerHour: number;
  pointsSpentThisHour: number;
  pointsResetIn: number;
}

export interface WarcraftLogsApi {
  /** Null when there is no such report (or it is private). */
  report(code: string, signal?: AbortSignal): Promise<{ report: LogReport | null; rateLimit: LogRateLimit | null }>;
  /** The codes of the guild's latest reports, newest first; null when Warcraft Logs has no such guild. */
  guildReports(
    guild: { name: string; serverSlug: string; region: string },
    limit: number,
    signal?: AbortSignal,
  ): Promise<string[] | null>;
}

const REPORT_QUERY = `query Report($code: String!) {
  reportData {
    report(code: $code) {
      code title startTime endTime
      zone { name }
      fights(killType: Encounters) { id encounterID name kill difficulty startTime endTime friendlyPlayers }
      masterData { actors(type: "Player") { id name server subType } }
      rankings
    }
  }
  rateLimitData { limitPerHour pointsSpentThisHour pointsResetIn }
}`;

const GUILD_REPORTS_QUERY = `query GuildReports($name: String!, $server: String!, $region: String!, $limit: Int!) {
  reportData {
    reports(guildName: $name, guildServerSlug: $server, guildServerRegion: $region, limit: $limit) {
      data { code startTime }
    }
  }
  rateLimitData { limitPerHour pointsSpentThisHour pointsResetIn }
}`;

interface RankedCharacter {
  name: string;
  server?: { name?: string };
  spec?: string;
  rankPercent?: number;
}

/** The rankings JSON: per fight, the characters of each role with their percentile. */
function parsesOf(rankings: unknown): LogParse[] {
  const data = (rankings as { data?: { fightID: number; roles?: Record<string, { characters?: RankedCharacter[] }> }[] })?.data;
  if (!Array.isArray(data)) return [];
  return data.flatMap((fight) =>
    Object.values(fight.roles ?? {}).flatMap((role) =>
      (role.characters ?? []).flatMap((character) =>
        typeof character.rankPercent === 'number'
          ? [
              {
                fightId: fight.fightID,
                name: character.name,
                server: character.server?.name ?? '',
                spec: character.spec ?? null,
                percentile: character.rankPercent,
              },
            ]
          : [],
      ),
    ),
  );
}

/** The client, or null without WCL_CLIENT_ID and WCL_CLIENT_SECRET. */
export function createWarcraftLogsApi(
  settings: Config['gameData'],
  timing: PacedTiming = DEFAULT_PACED_TIMING,
): WarcraftLogsApi | null {
  const { clientId, clientSecret, apiBase, oauthBase } = settings.warcraftLogs;
  if (!clientId || !clientSecret) return null;
  const credentials = clientCredentials({
    service: 'Warcraft Logs',
    tokenUrl: `${oauthBase}/token`,
    clientId,
    clientSecret,
    timeoutMs: settings.timeoutMs,
  });
  const paced = pacedFetch('Warcraft Logs', { timeoutMs: settings.timeoutMs, requestsPerSecond: 5 }, timing);

  async function token(signal?: AbortSignal) {
    try {
      return await credentials.token(signal);
    } catch (error) {
      if (error instanceof ClientRefused) throw new GameDataError('credentials', error.message);
      if (error instanceof TokenEndpointFailed) throw new GameDataError('unavailable', error.message);
      throw unavailableOf(error);
    }
  }

  async function query<T>(text: string, variables: Record<string, unknown>, signal?: AbortSignal) {
    for (let renewedToken = false; ; renewedToken = true) {
      let response: Response;
      try {
        response = await paced.call(
          apiBase,
          async () => ({
            method: 'POST',
            headers: { Authorization: `Bearer ${await token(signal)}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ query: text, variables }),
          }),
          signal,
        );
      } catch (error) {
        throw unavailableOf(error);
      }
      if (response.status === 401 && !renewedToken) {
        await response.body?.cancel();
        credentials.forget();
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        throw new GameDataError('credentials', `Warcraft Logs refused the token (${response.status})`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new GameDataError('unavailable', `Warcraft Logs answered ${response.status}`);
      }
      return (await response.json()) as { data?: T; errors?: { message: string }[] };
    }
  }

  return {
    async report(code, signal) {
      const answer = await query<{
        reportData?: {
          report: {
            code: string;
            title: string;
            startTime: number;
            endTime: number;
            zone: { name: string } | null;
            fights: {
              id: number;
              encounterID: number;
              name: string;
              kill: boolean | null;
              difficulty: number | null;
              startTime: number;
              endTime: number;
              friendlyPlayers: number[] | null;
            }[];
            masterData: { actors: { id: number; name: string; server: string | null; subType: string }[] } | null;
            rankings: unknown;
          } | null;
        };
        rateLimitData?: LogRateLimit;
      }>(REPORT_QUERY, { code }, signal);
      const report = answer.data?.reportData?.report ?? null;
      const rateLimit = answer.data?.rateLimitData ?? null;
      if (!report) {
        if (answer.errors?.length && !answer.errors.some((e) => /does not exist|permission/i.test(e.message))) {
          throw new GameDataError('unavailable', `Warcraft Logs answered: ${answer.errors[0]!.message}`);
        }
        return { report: null, rateLimit };
      }
      return {
        rateLimit,
        report: {
          code: report.code,
          title: report.title,
          zone: report.zone?.name ?? null,
          startTime: report.startTime,
          endTime: report.endTime,
          fights: report.fights.map((fight) => ({
            id: fight.id,
            encounterId: fight.encounterID,
            boss: fight.name,
            isKill: fight.kill === true,
            difficulty: fight.difficulty,
            startTime: report.startTime + fight.startTime,
            endTime: report.startTime + fight.endTime,
            playerIds: fight.friendlyPlayers ?? [],
          })),
          players: (report.masterData?.actors ?? []).map((actor) => ({
            id: actor.id,
            name: actor.name,
            server: actor.server ?? '',
            className: actor.subType,
          })),
          parses: parsesOf(report.rankings),
        },
      };
    },
    async guildReports(guild, limit, signal) {
      const answer = await query<{ reportData?: { reports: { data: { code: string }[] } | null } }>(
        GUILD_REPORTS_QUERY,
        { name: guild.name, server: guild.serverSlug, region: guild.region, limit },
        signal,
      );
      const reports = answer.data?.reportData?.reports;
      if (!reports) {
        if (answer.errors?.some((e) => /no guild|does not exist/i.test(e.message)) || !answer.errors) return null;
        throw new GameDataError('unavailable', `Warcraft Logs answered: ${answer.errors[0]!.message}`);
      }
      return reports.data.map((report) => report.code);
    },
  };
}

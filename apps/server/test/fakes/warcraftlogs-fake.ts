import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type FakeRequest, LoopbackFake, send } from './loopback-fake';

/** A player of a fake report. */
export interface FakeLogPlayer {
  id: number;
  name: string;
  server: string;
  /** The class as Warcraft Logs writes it ('DeathKnight'). */
  subType: string;
  spec: string;
}

/** A boss fight of a fake report, with who was in it and their parses (player id → percentile). */
export interface FakeLogFight {
  id: number;
  encounterID: number;
  name: string;
  kill: boolean;
  difficulty: number;
  /** Milliseconds from the report's start. */
  startTime: number;
  endTime: number;
  players: number[];
  parses: Record<number, number>;
}

export interface FakeLogReport {
  code: string;
  title: string;
  zone: string;
  startTime: number;
  endTime: number;
  guild: { name: string; serverSlug: string; region: string };
  players: FakeLogPlayer[];
  fights: FakeLogFight[];
}

/**
 * Warcraft Logs API v2 as a loopback fake: client credentials at /oauth/token (HTTP Basic), GraphQL at /api/v2/client
 * with a bearer token, answering the report and guild-reports queries in Warcraft Logs' shapes with rateLimitData;
 * a report it does not have is a 200 with `errors` and a null report, a guild it does not know likewise; past the
 * hour's points a 429. Point WCL_OAUTH_BASE at `oauthBase` and WCL_API_BASE at `apiBase`.
 */
export class WarcraftLogsFake extends LoopbackFake {
  readonly clientId = 'fake-wcl-client';
  clientSecret = 'fake-wcl-secret';
  readonly reports: FakeLogReport[] = [];
  limitPerHour = 3600;
  pointsSpentThisHour = 0;
  /** Points a report query costs. */
  reportCost = 10;
  private readonly tokens = new Set<string>();

  get oauthBase() {
    return `${this.base}/oauth`;
  }

  get apiBase() {
    return `${this.base}/api/v2/client`;
  }

  protected rateLimitedBody() {
    return { error: 'Too Many Requests', message: 'You have exceeded your rate limit.' };
  }

  protected failureBody(status: number) {
    return { error: status >= 500 ? 'Server Error' : 'Error' };
  }

  protected answer(request: FakeRequest, res: ServerResponse) {
    if (request.method === 'POST' && request.path === '/oauth/token') {
      const basic = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
      if (request.authorization !== basic || new URLSearchParams(request.body).get('grant_type') !== 'client_credentials') {
        return send(res, 401, {
          error: 'invalid_client',
          error_description: 'Client authentication failed',
          message: 'Client authentication failed',
        });
      }
      const token = randomBytes(16).toString('hex');
      this.tokens.add(token);
      return send(res, 200, { token_type: 'Bearer', expires_in: 31_104_000, access_token: token });
    }
    if (request.method !== 'POST' || request.path !== '/api/v2/client') return send(res, 404, { error: 'Not Found' });
    if (!this.tokens.has((request.authorization ?? '').replace(/^Bearer /, ''))) {
      return send(res, 401, { error: 'Unauthenticated.' });
    }
    if (this.pointsSpentThisHour >= this.limitPerHour) {
      return send(res, 429, this.rateLimitedBody(), { 'retry-after': String(this.retryAfterSeconds) });
    }
    const { query, variables } = JSON.parse(request.body) as { query: string; variables: Record<string, unknown> };
    this.pointsSpentThisHour += query.includes('report(code') ? this.reportCost : 1;
    const rateLimitData = { limitPerHour: this.limitPerHour, pointsSpentThisHour: this.pointsSpentThisHour, pointsResetIn: 1800 };
    if (query.includes('report(code')) {
      const report = this.reports.find((r) => r.code === variables.code);
      if (!report) {
        return send(res, 200, {
          errors: [
            {
              message: 'This report does not exist.',
              extensions: { category: 'graphql' },
              locations: [{ line: 3, column: 5 }],
              path: ['reportData', 'report'],
            },
          ],
          data: { reportData: { report: null }, rateLimitData },
        });
      }
      return send(res, 200, { data: { reportData: { report: this.reportOf(report) }, rateLimitData } });
    }
    if (query.includes('reports(')) {
      const ofGuild = this.reports.filter(
        (r) => r.guild.name === variables.name && r.guild.serverSlug === variables.server && r.guild.region === variables.region,
      );
      if (ofGuild.length === 0) {
        return send(res, 200, {
          errors: [
            {
              message: 'No guild exists for the specified name/server/region.',
              extensions: { category: 'graphql' },
              path: ['reportData', 'reports'],
            },
          ],
          data: { reportData: { reports: null }, rateLimitData },
        });
      }
      const data = [...ofGuild].sort((a, b) => b.startTime - a.startTime).slice(0, Number(variables.limit));
      return send(res, 200, {
        data: { reportData: { reports: { data: data.map((r) => ({ code: r.code, startTime: r.startTime })) } }, rateLimitData },
      });
    }
    return send(res, 200, { errors: [{ message: 'Cannot query this field.' }] });
  }

  private reportOf(report: FakeLogReport) {
    const playerOf = (id: number) => report.players.find((player) => player.id === id)!;
    return {
      code: report.code,
      title: report.title,
      startTime: report.startTime,
      endTime: report.endTime,
      zone: { name: report.zone },
      fights: report.fights.map((fight) => ({
        id: fight.id,
        encounterID: fight.encounterID,
        name: fight.name,
        kill: fight.kill,
        difficulty: fight.difficulty,
        startTime: fight.startTime,
        endTime: fight.endTime,
        friendlyPlayers: fight.players,
      })),
      masterData: {
        actors: report.players.map((player) => ({
          id: player.id,
          name: player.name,
          server: player.server,
          type: 'Player',
          subType: player.subType,
        })),
      },
      // The rankings JSON scalar: per fight, the characters of each role with their percentile.
      rankings: {
        data: report.fights.map((fight) => ({
          fightID: fight.id,
          encounter: { id: fight.encounterID, name: fight.name },
          difficulty: fight.difficulty,
          kill: fight.kill,
          roles: {
            dps: {
              name: 'DPS',
              characters: Object.entries(fight.parses).map(([id, percentile]) => {
                const player = playerOf(Number(id));
                return {
                  id: player.id,
                  name: player.name,
                  server: { id: 1, name: player.server, region: report.guild.region.toUpperCase() },
                  class: player.subType,
                  spec: player.spec,
                  amount: 123456,
                  rankPercent: percentile,
                };
              }),
            },
          },
        })),
      },
    };
  }
}

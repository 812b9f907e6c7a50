import { Writable } from 'node:stream';
import { COMMUNITY_MESSAGES, SERVER_MESSAGES } from '@guildhall/contract';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../core/app-error';
import { fieldsOf, refusalLogLevel, registerErrorHandler, requestLogLevel } from './error-handler';
import { countResponses } from './request-hooks';

describe('fieldsOf', () => {
  it('maps each field to its first message and skips whole-body issues', () => {
    expect(
      fieldsOf([
        { instancePath: '/username', message: 'Username is required' },
        { instancePath: '/username', message: 'second' },
        { instancePath: '/settings/0/name', message: 'Too short' },
        { instancePath: '', message: 'Expected object' },
      ]),
    ).toEqual({ username: 'Username is required', 'settings.0.name': 'Too short' });
  });
});

describe('refusalLogLevel', () => {
  it('logs a feature that is not configured at info and a service that is down at warn', () => {
    expect(refusalLogLevel(new AppError('DISCORD_NOT_CONFIGURED', 'Discord sign-in is not configured'))).toBe('info');
    expect(refusalLogLevel(AppError.serviceUnavailable('PostgreSQL'))).toBe('warn');
    expect(refusalLogLevel(new AppError('SERVICE_REFUSED', 'InfluxDB refused the query'))).toBe('warn');
    expect(refusalLogLevel(AppError.notFound())).toBe('info');
  });
});

describe('requestLogLevel', () => {
  it('keeps reads quiet and writes visible', () => {
    expect(requestLogLevel('GET', 200)).toBe('debug');
    expect(requestLogLevel('GET', 404)).toBe('debug');
    expect(requestLogLevel('POST', 201)).toBe('info');
    expect(requestLogLevel('POST', 401)).toBe('info');
  });

  it('logs a 5xx at error only when nobody meant it', () => {
    expect(requestLogLevel('GET', 500)).toBe('error');
    expect(requestLogLevel('GET', 503)).toBe('error');
    expect(requestLogLevel('GET', 503, 'info')).toBe('info');
    expect(requestLogLevel('POST', 503, 'warn')).toBe('warn');
  });
});

describe('request log lines', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** An app with the error handler and the response log, whose log lines are kept. */
  async function appWithLog(lines: Array<{ level: number; msg: string; statusCode?: number }>) {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const instance = Fastify({
      logger: { level: 'debug', stream },
      logController: new LogController({ disableRequestLogging: true }),
    });
    instance.decorate('monitoring', {
      requests: { record: () => undefined },
      metrics: { requests: { record: () => undefined } },
    } as unknown as FastifyInstance['monitoring']);
    registerErrorHandler(instance);
    countResponses(instance);
    instance.get('/auth/discord', async () => {
      throw new AppError('DISCORD_NOT_CONFIGURED', 'Discord sign-in is not configured');
    });
    instance.get('/down', async () => {
      throw AppError.serviceUnavailable('Redis');
    });
    instance.get('/broken', async () => {
      throw new Error('a bug');
    });
    await instance.ready();
    return instance;
  }

  const PINO = { debug: 20, info: 30, warn: 40, error: 50 } as const;

  it('logs the 503 of an unconfigured Discord at info, a service that is down at warn, a bug at error', async () => {
    const lines: Array<{ level: number; msg: string; statusCode?: number }> = [];
    app = await appWithLog(lines);

    const refused = await app.inject({ method: 'GET', url: '/auth/discord' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ success: false, code: 'DISCORD_NOT_CONFIGURED' });
    expect((await app.inject({ method: 'GET', url: '/down' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/broken' })).statusCode).toBe(500);

    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines.map((line) => [line.statusCode, line.level])).toEqual([
      [503, PINO.info],
      [503, PINO.warn],
      [500, PINO.error],
    ]);
    const errorLines = lines.filter((line) => line.level >= PINO.error);
    expect(errorLines.map((line) => line.msg)).toEqual(['request failed', 'request']);
  });
});

describe('the envelope of an AppError', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it("answers with the code's status from the catalog, and its default message when the thrower gives none", async () => {
    app = Fastify();
    registerErrorHandler(app);
    const thrown: Record<string, AppError> = {
      '/missing': AppError.notFound(),
      '/elsewhere': new AppError('GUILD_NOT_AVAILABLE'),
      '/refused': new AppError('SERVICE_REFUSED', 'InfluxDB refused the query: no'),
      '/ended': new AppError('INVITE_ENDED', 'gone', { headers: { 'x-why': 'ended' } }),
      '/field': AppError.invalidField('name', 'Too short'),
    };
    for (const [url, error] of Object.entries(thrown)) {
      app.get(url, async () => {
        throw error;
      });
    }
    const answer = async (url: string) => {
      const reply = await app!.inject({ method: 'GET', url });
      return { status: reply.statusCode, body: reply.json(), header: reply.headers['x-why'] };
    };

    expect(await answer('/missing')).toMatchObject({ status: 404, body: { error: SERVER_MESSAGES.notFound, code: 'NOT_FOUND' } });
    expect(await answer('/elsewhere')).toMatchObject({
      status: 403,
      body: { error: COMMUNITY_MESSAGES.guildNotAvailable, code: 'GUILD_NOT_AVAILABLE' },
    });
    expect(await answer('/refused')).toMatchObject({ status: 502, body: { code: 'SERVICE_REFUSED' } });
    expect(await answer('/ended')).toMatchObject({ status: 410, body: { error: 'gone', code: 'INVITE_ENDED' }, header: 'ended' });
    expect(await answer('/field')).toEqual({
      status: 400,
      body: { success: false, error: 'Too short', code: 'VALIDATION_FAILED', fields: { name: 'Too short' } },
      header: undefined,
    });
  });
});

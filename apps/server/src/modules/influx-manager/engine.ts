import { INFLUX_MESSAGES, INFLUX_SETTINGS, type InfluxEngine, type InfluxLanguage, type InfluxSetup } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import type { InfluxClient } from '../../services/influx/influx-client';

/** How long a detected version is trusted before the next call pings again. */
const ENGINE_TTL_MS = 15_000;
/** The timeout of a version ping. */
export const PING_TIMEOUT_MS = 5000;

/** The server's version, what it speaks, and how fast it answered. */
export interface DetectedEngine {
  version: string | null;
  major: number | null;
  /** 2.x and later: native buckets and Flux. */
  isV2: boolean;
  languages: InfluxLanguage[];
  responseTimeMs: number;
}

const detected = new WeakMap<InfluxClient, { engine: DetectedEngine; at: number }>();

/** How to connect an InfluxDB: what a server without one answers instead of an error. */
export function influxSetup(): InfluxSetup {
  return { message: INFLUX_MESSAGES.notConfigured, settings: { v2: [...INFLUX_SETTINGS.v2], v1: [...INFLUX_SETTINGS.v1] } };
}

/** The client, or the 409 a call that needs a server gets when none is configured. */
export function requireInflux(influx: InfluxClient | null): InfluxClient {
  if (!influx) throw new AppError('CONFLICT', INFLUX_MESSAGES.notConfigured);
  return influx;
}

/**
 * The server's version from /ping's X-Influxdb-Version (or /health on 2.x), cached briefly; `fresh` pings
 * now. A server that does not answer throws ServiceUnreachableError (a 503 at the routes).
 */
export async function detectEngine(influx: InfluxClient, fresh = false): Promise<DetectedEngine> {
  const cached = detected.get(influx);
  if (!fresh && cached && Date.now() - cached.at < ENGINE_TTL_MS) return cached.engine;
  const start = performance.now();
  const ping = await influx.ping(PING_TIMEOUT_MS);
  // A server that names no version is taken for what the settings describe.
  const isV2 = ping.majorVersion === null ? influx.hasV2Settings : ping.majorVersion >= 2;
  const engine: DetectedEngine = {
    version: ping.version,
    major: ping.majorVersion,
    isV2,
    languages: isV2 ? ['flux', 'influxql'] : ['influxql'],
    responseTimeMs: Math.round((performance.now() - start) * 100) / 100,
  };
  detected.set(influx, { engine, at: Date.now() });
  return engine;
}

/** Refuses Flux on a server that speaks InfluxQL only (1.x): the caller's 400, never a query that cannot run. */
export function assertLanguageSupported(engine: DetectedEngine, language: InfluxLanguage) {
  if (engine.languages.includes(language)) return;
  throw new AppError('VALIDATION_FAILED', INFLUX_MESSAGES.fluxNotSupported, {
    fields: { language: INFLUX_MESSAGES.fluxNotSupported },
  });
}

/** The engine as the status call presents it. */
export function presentEngine(influx: InfluxClient, engine: DetectedEngine, defaultBucket: string): InfluxEngine {
  return {
    url: influx.url,
    version: engine.version,
    major: engine.major,
    languages: engine.languages,
    defaultLanguage: engine.isV2 ? 'flux' : 'influxql',
    defaultBucket,
    organization: engine.isV2 ? influx.org : null,
    responseTimeMs: engine.responseTimeMs,
  };
}

import { COMBAT_LOGS_NOT_CONFIGURED, type CombatLogEvent } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { type InfluxClient, InfluxQueryError, type InfluxSeries } from '../../services/influx/influx-client';

/** The measurement the bot writes combat events to, tagged with guild_id. */
export const COMBAT_MEASUREMENT = 'combat_events';
/** How many recent events the tab shows. */
export const COMBAT_LOG_LIMIT = 50;
const QUERY_TIMEOUT_MS = 5000;

/** An InfluxQL string literal: single quotes and backslashes escaped. */
const influxString = (text: string) => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;

const textOrNull = (value: unknown) => (value === null || value === undefined || value === '' ? null : String(value));
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Series rows as events; time arrives as epoch milliseconds (epoch=ms). */
export function toCombatEvents(series: readonly InfluxSeries[]): CombatLogEvent[] {
  return series.flatMap((one) =>
    one.values.map((values) => {
      const field = (name: string) => values[one.columns.indexOf(name)];
      const time = field('time');
      return {
        time: new Date(typeof time === 'number' ? time : String(time)).toISOString(),
        event_type: textOrNull(field('event_type')) ?? 'unknown',
        source: textOrNull(field('source')),
        target: textOrNull(field('target')),
        amount: numberOrNull(field('amount')),
      };
    }),
  );
}

/**
 * The guild's most recent combat events from InfluxDB (InfluxQL, which every version answers), or
 * configured false with the note when no InfluxDB is set up. A configured one that does not answer is
 * a 503, as for any service that is down.
 */
export async function readCombatLogs(influx: InfluxClient | null, guildId: string) {
  if (!influx) return { configured: false, events: [], message: COMBAT_LOGS_NOT_CONFIGURED };
  const query = `SELECT * FROM ${COMBAT_MEASUREMENT} WHERE guild_id = ${influxString(guildId)} ORDER BY time DESC LIMIT ${COMBAT_LOG_LIMIT}`;
  try {
    return { configured: true, events: toCombatEvents(await influx.queryInfluxQL(query, QUERY_TIMEOUT_MS)) };
  } catch (error) {
    if (error instanceof InfluxQueryError) throw new AppError('SERVICE_REFUSED', `InfluxDB refused the query: ${error.message}`);
    throw AppError.serviceUnavailable('InfluxDB');
  }
}

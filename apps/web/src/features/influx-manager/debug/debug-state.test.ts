import { INFLUX_DEBUG_MESSAGES, INFLUX_STREAM, type InfluxPoint } from '@guildhall/contract';
import { describe, expect, it } from 'vitest';
import { afterConnectError, withStreamRows } from './debug-state';

const row = (value: number): InfluxPoint => ({
  time: new Date(1_700_000_000_000 + value * 1000).toISOString(),
  measurement: 'bot_health',
  field: 'latency_ms',
  value,
  tags: {},
});

describe('the debug connection', () => {
  it("shows the server's refusal as an error, in the spec's words", () => {
    expect(afterConnectError(INFLUX_DEBUG_MESSAGES.authenticationFailed, false)).toEqual({
      connection: 'error',
      error: 'Authentication failed',
    });
    expect(afterConnectError(INFLUX_DEBUG_MESSAGES.adminPermissionsRequired, false).error).toBe('Admin permissions required');
  });

  it('says it failed to connect while the network fails and Socket.IO tries again', () => {
    expect(afterConnectError('xhr poll error', true)).toEqual({
      connection: 'connecting',
      error: 'Failed to connect to debug interface',
    });
    expect(afterConnectError('', false).error).toBe('Failed to connect to debug interface');
  });
});

describe('the live stream table', () => {
  it('keeps the newest rows first and at most 1000', () => {
    let rows: InfluxPoint[] = [];
    for (let tick = 0; tick < 30; tick++) {
      const arrived = Array.from({ length: 50 }, (_, index) => row(tick * 50 + 49 - index));
      rows = withStreamRows(rows, arrived);
    }
    expect(rows).toHaveLength(INFLUX_STREAM.bufferRows);
    expect(rows[0]!.value).toBe(1499);
    expect(rows.at(-1)!.value).toBe(500);
    const values = rows.map((one) => one.value as number);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
  });
});

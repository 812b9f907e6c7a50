import { describe, expect, it } from 'vitest';
import { sampleLine } from './influx-history';

describe('sampleLine', () => {
  it('writes one line per sample: the instance as a tag, one field per metric, milliseconds', () => {
    const line = sampleLine({
      timestamp: '2026-11-24T06:00:00.000Z',
      instance: 'web 1,eu=a',
      values: { 'system.cpu_percent': 12.5, 'sockets.connected': 3, 'http.latency_p50_ms': Number.NaN },
    });
    expect(line).toBe(
      `guildhall_metrics,instance=web\\ 1\\,eu\\=a system.cpu_percent=12.5,sockets.connected=3 ${Date.parse('2026-11-24T06:00:00.000Z')}`,
    );
  });
});

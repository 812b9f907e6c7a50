import type { InfluxEngine, InfluxLanguage } from '@guildhall/contract';

/** A language's name on screen. */
export const LANGUAGE_NAMES: Record<InfluxLanguage, string> = { influxql: 'InfluxQL', flux: 'Flux' };

/** 'InfluxDB 1.8.10 runs InfluxQL' / 'InfluxDB 2.7.1 runs Flux and InfluxQL'. */
export function engineSummary(engine: Pick<InfluxEngine, 'version' | 'languages'>): string {
  const version = engine.version ? `InfluxDB ${engine.version}` : 'This InfluxDB';
  return `${version} runs ${engine.languages.map((language) => LANGUAGE_NAMES[language]).join(' and ')}`;
}

import { INFLUX_GENERATED_QUERY_LIMIT, type InfluxLanguage } from '@guildhall/contract';
import { fluxString, influxqlIdentifier, influxqlSince, influxqlString } from './quoting';

/** What the explorer asks for: a measurement, the ticked tag values and fields, a time range. */
export interface QueryChoice {
  /** 1.x: the database and retention policy the bucket names; 2.x: the bucket. */
  target: { database: string; retentionPolicy: string | null } | { bucket: string };
  measurement: string;
  timeRange: string;
  tags: readonly { name: string; values: readonly string[] }[];
  fields: readonly string[];
  language: InfluxLanguage;
  /** InfluxQL: the measurement's tag keys, selected with the chosen fields so each point keeps its tags. */
  tagKeys?: readonly string[];
}

const ors = (terms: string[]) => (terms.length === 1 ? (terms[0] as string) : `(${terms.join(' OR ')})`);

function generateInfluxQL(choice: QueryChoice): string {
  const tags = (choice.tagKeys ?? []).map((key) => `${influxqlIdentifier(key)}::tag`);
  const fields = choice.fields.length > 0 ? [...choice.fields.map(influxqlIdentifier), ...tags].join(', ') : '*';
  const from =
    'database' in choice.target
      ? [choice.target.database, choice.target.retentionPolicy ?? '', choice.measurement]
          .map((part, index) => (index === 1 && !part ? '' : influxqlIdentifier(part)))
          .join('.')
      : influxqlIdentifier(choice.measurement);
  const conditions = [`time > ${influxqlSince(choice.timeRange)}`];
  for (const tag of choice.tags) {
    if (tag.values.length === 0) continue;
    conditions.push(ors(tag.values.map((value) => `${influxqlIdentifier(tag.name)} = ${influxqlString(value)}`)));
  }
  return `SELECT ${fields} FROM ${from} WHERE ${conditions.join(' AND ')} ORDER BY time DESC LIMIT ${INFLUX_GENERATED_QUERY_LIMIT}`;
}

function generateFlux(choice: QueryChoice): string {
  const bucket =
    'bucket' in choice.target ? choice.target.bucket : `${choice.target.database}/${choice.target.retentionPolicy ?? ''}`;
  const lines = [
    `from(bucket: ${fluxString(bucket)})`,
    `  |> range(start: ${choice.timeRange})`,
    `  |> filter(fn: (r) => r._measurement == ${fluxString(choice.measurement)})`,
  ];
  for (const tag of choice.tags) {
    if (tag.values.length === 0) continue;
    const terms = tag.values.map((value) => `r[${fluxString(tag.name)}] == ${fluxString(value)}`);
    lines.push(`  |> filter(fn: (r) => ${terms.join(' or ')})`);
  }
  if (choice.fields.length > 0) {
    lines.push(`  |> filter(fn: (r) => ${choice.fields.map((field) => `r._field == ${fluxString(field)}`).join(' or ')})`);
  }
  lines.push('  |> group()', '  |> sort(columns: ["_time"], desc: true)', `  |> limit(n: ${INFLUX_GENERATED_QUERY_LIMIT})`);
  return lines.join('\n');
}

/** The explorer's Generate Query, newest points first, limited to INFLUX_GENERATED_QUERY_LIMIT (spec 2 §5). */
export function generateQuery(choice: QueryChoice): string {
  return choice.language === 'flux' ? generateFlux(choice) : generateInfluxQL(choice);
}

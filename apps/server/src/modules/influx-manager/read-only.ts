import { INFLUX_MESSAGES, type InfluxLanguage } from '@guildhall/contract';
import { AppError } from '../../http/app-error';

/** The text with its quoted parts and comments blanked, so keywords inside names and strings do not count. */
function codeOnly(query: string, language: InfluxLanguage): string {
  const pattern =
    language === 'flux'
      ? /"(?:[^"\\]|\\.)*"|\/\/[^\n]*/g
      : /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\/\/[^\n]*|--[^\n]*|\/\*[\s\S]*?\*\//g;
  return query.replace(pattern, ' ');
}

const refuse = (message: string) => new AppError(400, 'VALIDATION_FAILED', message, { fields: { query: message } });

/** InfluxQL reads: SELECT without INTO, SHOW and EXPLAIN. */
const INFLUXQL_READ = /^\s*(SELECT|SHOW|EXPLAIN)\b/i;
/** Flux calls that write or reach out: to(), the experimental and sql writers, HTTP posts. */
const FLUX_WRITE = /(^|[^\w.])(to|http\.post|sql\.to|experimental\.to|influxdb\.wideTo)\s*\(|\bexperimental\s*\.\s*to\b/;

/**
 * The query runner runs one read at a time (DESIGN.md): one InfluxQL SELECT/SHOW/EXPLAIN without INTO, or
 * Flux without its writers. InfluxDB itself would run SELECT … INTO over GET, so the check is ours.
 */
export function assertReadOnlyQuery(query: string, language: InfluxLanguage) {
  const code = codeOnly(query, language);
  if (language === 'flux') {
    if (FLUX_WRITE.test(code)) throw refuse(INFLUX_MESSAGES.readOnly);
    return;
  }
  const statements = code.split(';').filter((part) => part.trim() !== '');
  if (statements.length > 1) throw refuse(INFLUX_MESSAGES.oneStatement);
  const statement = statements[0] ?? '';
  if (!INFLUXQL_READ.test(statement) || /\bINTO\b/i.test(statement)) throw refuse(INFLUX_MESSAGES.readOnly);
}

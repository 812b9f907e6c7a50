import { INFLUX_MESSAGES, type InfluxLanguage } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { checkFluxRead, FLUX_ALLOWED_IMPORTS, type FluxRefusal } from './flux-guard';
import { checkInfluxQLRead, type InfluxQLRefusal } from './influxql-guard';

const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, { fields: { query: message } });

/** The words that start an InfluxQL statement (InfluxDB 1.x's grammar): any other first word is a typo. */
const STATEMENT_WORDS = new Set([
  'SELECT',
  'SHOW',
  'EXPLAIN',
  'CREATE',
  'DROP',
  'DELETE',
  'ALTER',
  'GRANT',
  'REVOKE',
  'KILL',
  'SET',
]);

/** The query's first word past whitespace and comments, or null when it holds none. */
function firstWord(query: string): string | null {
  const code = query.replace(/^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/, '');
  return code.match(/^[^\s;(]+/)?.[0] ?? null;
}

function influxqlMessage(refusal: InfluxQLRefusal, query: string): string {
  if (refusal === 'multipleStatements') return INFLUX_MESSAGES.oneStatement;
  if (refusal === 'unterminated') return INFLUX_MESSAGES.unterminated;
  // Not a read: say a typo or an empty query as such (issue 29), and keep the read-only refusal for the real writes.
  const word = firstWord(query);
  if (word === null) return INFLUX_MESSAGES.emptyQuery;
  if (!STATEMENT_WORDS.has(word.toUpperCase())) return INFLUX_MESSAGES.notAStatement(word.slice(0, 40));
  return INFLUX_MESSAGES.readOnly;
}

function fluxMessage(refusal: FluxRefusal): string {
  switch (refusal.kind) {
    case 'import':
      return INFLUX_MESSAGES.fluxImport(refusal.name, FLUX_ALLOWED_IMPORTS);
    case 'name':
      return INFLUX_MESSAGES.fluxRefusedName(refusal.name);
    case 'interpolation':
      return INFLUX_MESSAGES.fluxInterpolation;
    case 'stringKey':
      return INFLUX_MESSAGES.fluxStringKey;
    case 'unterminated':
      return INFLUX_MESSAGES.unterminated;
  }
}

/**
 * The query runner runs one read at a time (DESIGN.md): exactly one InfluxQL SELECT without INTO or SHOW, by a
 * lexer that follows InfluxQL's own (influxql-guard), or Flux that imports only computing packages and never
 * names a writer or another server (flux-guard). InfluxDB 1.x runs writes sent over GET, so the check is ours.
 */
export function assertReadOnlyQuery(query: string, language: InfluxLanguage) {
  if (language === 'flux') {
    const refusal = checkFluxRead(query);
    if (refusal) throw refuse(fluxMessage(refusal));
    return;
  }
  const refusal = checkInfluxQLRead(query);
  if (refusal) throw refuse(influxqlMessage(refusal, query));
}

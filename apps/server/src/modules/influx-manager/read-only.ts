import { INFLUX_MESSAGES, type InfluxLanguage } from '@guildhall/contract';
import { AppError } from '../../core/app-error';
import { checkFluxRead, FLUX_ALLOWED_IMPORTS, type FluxRefusal } from './flux-guard';
import { checkInfluxQLRead, type InfluxQLRefusal } from './influxql-guard';

const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, { fields: { query: message } });

function influxqlMessage(refusal: InfluxQLRefusal): string {
  if (refusal === 'multipleStatements') return INFLUX_MESSAGES.oneStatement;
  if (refusal === 'unterminated') return INFLUX_MESSAGES.unterminated;
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
  if (refusal) throw refuse(influxqlMessage(refusal));
}

import { AppError } from '../../core/app-error';

/**
 * Names and values from the browser are data (DESIGN.md): every one reaches a query through these, never spliced.
 * InfluxQL escapes with backslashes inside quotes (it has no doubled-quote form); its scanner refuses line breaks.
 */
function refuseLineBreaks(text: string) {
  if (/[\r\n]/.test(text)) throw new AppError('VALIDATION_FAILED', 'Names and values cannot contain line breaks');
  return text;
}

/** An InfluxQL identifier: "name", with \ and " escaped. */
export const influxqlIdentifier = (name: string) => `"${refuseLineBreaks(name).replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** An InfluxQL string literal: 'text', with \ and ' escaped. */
export const influxqlString = (text: string) => `'${refuseLineBreaks(text).replace(/[\\']/g, (c) => `\\${c}`)}'`;

/** A Flux string literal: "text", with \, " and the ${ of interpolation escaped. */
export const fluxString = (text: string) =>
  `"${text
    .replace(/[\\"]/g, (c) => `\\${c}`)
    .replace(/\$\{/g, '\\${')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')}"`;

/** '-15m' → InfluxQL's 'now() - 15m' (the same units exist in both languages). */
export const influxqlSince = (range: string) => `now() - ${range.replace(/^-/, '')}`;

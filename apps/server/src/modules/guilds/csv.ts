/** A value of one CSV cell; null and undefined are empty cells. */
export type CsvValue = string | number | boolean | Date | null | undefined;

/** Cell starts a spreadsheet reads as a formula (or, for tab and CR, that hide one), per OWASP's CSV injection advice. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell, RFC 4180: quoted when it holds a comma, quote, CR or LF, with quotes doubled. A text that
 * would start a formula gets a leading single quote first, so no spreadsheet runs it.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record with the CRLF line end RFC 4180 asks for. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

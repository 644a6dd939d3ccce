/**
 * CSV as RFC 4180 has it, for every export: a field quoted when it holds a comma, a quote, a
 * line break or spaces at either end; CRLF line ends.
 */

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One CSV line (no line end). */
export function csvLine(fields: readonly string[]): string {
  return fields
    .map((field) => (NEEDS_QUOTES.test(field) ? `"${field.replaceAll('"', '""')}"` : field))
    .join(',');
}

export const CSV_LINE_END = '\r\n';

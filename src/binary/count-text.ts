/**
 * Counts as text for facts, details and messages: thousands separators in a fixed locale (so
 * output is stable for tests and the CLI), and a noun that agrees with the count. One
 * formatter is made once: `toLocaleString(locale)` builds a new one on every call.
 */
const COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** `12,345`. */
export function countText(count: number): string {
  return COUNT_FORMAT.format(count);
}

/** `1 entry`, `12,345 entries`: the plural is the singular with an `s` unless given. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${COUNT_FORMAT.format(count)} ${count === 1 ? singular : plural}`;
}

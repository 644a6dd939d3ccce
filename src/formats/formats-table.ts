/**
 * The formats table of README.md and docs/FORMATS.md, made from the registry: one row per
 * format (label, extensions, summary) between the marker comments. `npm run docs:formats`
 * (scripts/formats-table.ts) writes it; formats-table.test.ts fails when a committed table
 * is not what it would write. The table is laid out as Prettier lays out Markdown tables,
 * so formatting the docs leaves it as it is.
 */
import type { FormatModule } from './model.ts';

export const FORMATS_TABLE_START = '<!-- formats:start -->';
export const FORMATS_TABLE_END = '<!-- formats:end -->';
const NOTE =
  '<!-- written by `npm run docs:formats` from src/formats/registry.ts: edit the modules, not this table -->';

type TableFormat = Pick<FormatModule, 'label' | 'extensions' | 'summary'>;

const HEADINGS = ['format', 'files', 'what Delve does'] as const;

/** A cell's text: pipes escaped, line breaks flattened. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
}

function row(cells: readonly string[], widths: readonly number[]): string {
  return `| ${cells.map((text, i) => text.padEnd(widths[i]!)).join(' | ')} |`;
}

/** The Markdown table of the formats, in registry order. */
export function formatsTable(formats: readonly TableFormat[]): string {
  const rows = formats.map((format) => [
    cell(format.label),
    format.extensions.length === 0
      ? 'any other file'
      : format.extensions.map((extension) => `\`${cell(extension)}\``).join(', '),
    cell(format.summary),
  ]);
  const widths = HEADINGS.map((heading, i) =>
    Math.max(3, heading.length, ...rows.map((cells) => cells[i]!.length)),
  );
  return [
    row(HEADINGS, widths),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...rows.map((cells) => row(cells, widths)),
  ].join('\n');
}

/**
 * `document` with the text between its markers replaced by `table`. Throws when the markers
 * are missing, repeated or out of order: a document without them is not one of ours to edit.
 */
export function withFormatsTable(document: string, table: string): string {
  const start = document.indexOf(FORMATS_TABLE_START);
  const end = document.indexOf(FORMATS_TABLE_END);
  const isOnce = (marker: string, at: number) => document.indexOf(marker, at + 1) === -1;
  if (
    start === -1 ||
    end < start ||
    !isOnce(FORMATS_TABLE_START, start) ||
    !isOnce(FORMATS_TABLE_END, end)
  ) {
    throw new Error(`expected one ${FORMATS_TABLE_START} … ${FORMATS_TABLE_END} pair`);
  }
  const block = `${FORMATS_TABLE_START}\n${NOTE}\n\n${table}\n\n`;
  return document.slice(0, start) + block + document.slice(end);
}

/** The files that carry the table, relative to the repository root. */
export const FORMATS_TABLE_FILES = ['README.md', 'docs/FORMATS.md'] as const;

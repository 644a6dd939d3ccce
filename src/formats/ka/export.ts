/**
 * A keyed archive as text: JSON in the shape of `delve info --json` (each value
 * `{type, value}` with DAVA's type names; a keyedArchive's value an object of key →
 * value, a variantVector's a list; 64-bit integers as decimal strings, byte arrays as hex,
 * floats as their shortest f32 text's number, and non-finite ones as strings), and YAML in
 * the shape of DAVA's own (keyed_archive_original.yaml: four-space indents, the type name
 * as the one key under each key, vectors and matrices as flow lists, byte arrays as
 * unpadded lower-case hex, colours with six decimals). Pure.
 */
import type { KaStringTable } from './read-value.ts';
import { wideText } from './read-value.ts';
import {
  bytesHex,
  f32Number,
  f32Text,
  floatRows,
  idText,
  keyText,
  tableOf,
  typeName,
} from './display.ts';
import { KaType, f64FromBits, type KaArchive, type KaValue } from './types.ts';

/** A value in the JSON shape. Registry strings carry their `id`; wide strings their `width`. */
export interface KaJsonValue {
  type: string;
  value: unknown;
  id?: number;
  width?: 2 | 4;
}

function jsonNumber(value: number): number | string {
  return Number.isFinite(value) ? value : String(value);
}

function floatJson(value: Extract<KaValue, { kind: 'floats' }>): unknown {
  const numbers = value.bits.map((bits) => jsonNumber(f32Number(bits)));
  if (value.type === KaType.FLOAT) return numbers[0];
  if (value.type === KaType.TRANSFORM) {
    return {
      translation: numbers.slice(0, 3),
      scale: numbers.slice(3, 6),
      rotation: numbers.slice(6),
    };
  }
  if (value.type === KaType.AABBOX3 || value.type === KaType.AABBOX2) {
    const half = numbers.length / 2;
    return { min: numbers.slice(0, half), max: numbers.slice(half) };
  }
  const rows = floatRows(value.type, numbers as number[]);
  return rows ?? numbers;
}

/** An archive's pairs as an object; a repeated key gets ` (2)`, ` (3)`, … so none is lost. */
export function archiveJson(
  archive: KaArchive,
  inherited: KaStringTable | null,
): Record<string, KaJsonValue> {
  const table = tableOf(archive, inherited);
  const out: Record<string, KaJsonValue> = {};
  for (const entry of archive.entries) {
    const key = keyText(entry.key, table);
    let unique = key;
    for (let copy = 2; Object.hasOwn(out, unique); copy++) unique = `${key} (${copy})`;
    out[unique] = valueJson(entry.value, table);
  }
  return out;
}

export function valueJson(value: KaValue, table: KaStringTable | null): KaJsonValue {
  const type = typeName(value.type);
  switch (value.kind) {
    case 'none':
      return { type, value: null };
    case 'bool':
      return { type, value: value.byte !== 0 };
    case 'int':
      return { type, value: value.value };
    case 'int64':
      return { type, value: value.value.toString() };
    case 'float64':
      return { type, value: jsonNumber(f64FromBits(value.bits)) };
    case 'floats':
      return { type, value: floatJson(value) };
    case 'text':
      return { type, value: value.text };
    case 'stringId':
      return { type, value: table?.byId.get(value.id) ?? null, id: value.id };
    case 'wideString':
      return { type, value: wideText(value.units, value.width), width: value.width };
    case 'bytes':
      return { type, value: bytesHex(value.bytes) };
    case 'archive':
      return { type, value: archiveJson(value.archive, table) };
    case 'array':
      return { type, value: value.items.map((item) => valueJson(item.value, table)) };
  }
}

// YAML

const INDENT = '    ';
/** Keys written bare: no character YAML would read as syntax (`#` starts a comment). */
const PLAIN_KEY = /^[A-Za-z0-9_.$][A-Za-z0-9_.#$ \-()]*$/;

function yamlKey(text: string): string {
  return PLAIN_KEY.test(text) && !text.endsWith(' ') ? text : JSON.stringify(text);
}

function flow(numbers: readonly string[]): string {
  return `[${numbers.join(', ')}]`;
}

/** A leaf's text after `type: `, or null for a value written as a block below it. */
function yamlScalar(value: KaValue, table: KaStringTable | null): string | null {
  switch (value.kind) {
    case 'none':
      return '~';
    case 'bool':
      return value.byte !== 0 ? 'true' : 'false';
    case 'int':
    case 'int64':
      return String(value.value);
    case 'float64':
      return String(f64FromBits(value.bits));
    case 'floats': {
      const texts = value.bits.map(
        value.type === KaType.COLOR ? (bits) => f32Number(bits).toFixed(6) : f32Text,
      );
      if (value.type === KaType.FLOAT) return texts[0]!;
      const grid = floatRows(value.type, texts.map(Number));
      if (!grid) return flow(texts);
      let at = 0;
      return flow(grid.map((row) => flow(row.map(() => texts[at++]!))));
    }
    case 'text':
      return JSON.stringify(value.text);
    case 'stringId': {
      const resolved = table?.byId.get(value.id);
      return JSON.stringify(resolved ?? `#${idText(value.id)}`);
    }
    case 'wideString':
      return JSON.stringify(wideText(value.units, value.width));
    case 'bytes':
      return `[${Array.from(value.bytes, (byte) => byte.toString(16)).join(',')}]`;
    case 'archive':
      return value.archive.entries.length === 0 ? '{}' : null;
    case 'array':
      return value.items.length === 0 ? '[]' : null;
  }
}

/** `type: scalar`, or `type:` and its block, at `indent`; the first line's indent is `lead`. */
function yamlTyped(
  lines: string[],
  value: KaValue,
  table: KaStringTable | null,
  lead: string,
  indent: string,
): void {
  const name = typeName(value.type);
  const scalar = yamlScalar(value, table);
  if (scalar !== null) {
    lines.push(`${lead}${name}: ${scalar}`);
    return;
  }
  lines.push(`${lead}${name}:`);
  if (value.kind === 'archive') yamlPairs(lines, value.archive, table, indent + INDENT);
  else if (value.kind === 'array') {
    for (const item of value.items) {
      const itemIndent = `${indent + INDENT}  `;
      yamlTyped(lines, item.value, table, `${indent + INDENT}- `, itemIndent);
    }
  }
}

function yamlPairs(
  lines: string[],
  archive: KaArchive,
  inherited: KaStringTable | null,
  indent: string,
): void {
  const table = tableOf(archive, inherited);
  for (const entry of archive.entries) {
    lines.push(`${indent}${yamlKey(keyText(entry.key, table))}:`);
    yamlTyped(lines, entry.value, table, indent + INDENT, indent + INDENT);
  }
}

/** The whole archive as DAVA's YAML: `keyedArchive:` and its pairs. */
export function archiveYaml(archive: KaArchive): string {
  const lines: string[] = [];
  yamlTyped(lines, { kind: 'archive', type: KaType.KEYED_ARCHIVE, archive }, null, '', '');
  return `${lines.join('\n')}\n`;
}

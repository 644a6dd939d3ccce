/**
 * The level as the view data sends it to the page: each plane's objects packed as columns
 * (types.ts `WwdPackedRecords`), which the view unpacks into the same objects. A structured
 * clone of 1,400 objects of ~90 fields each walked every field twice (worker and page) and
 * held up the level view's first frame; a typed array and a list of strings copy at once.
 */
import type { WwdLevelView, WwdObject, WwdPackedPlane, WwdPackedRecords } from './types.ts';

type Row = Record<string, unknown>;

/** The keys of a record of numbers, strings, records of numbers and arrays of numbers. */
function keysOf(sample: Row): { numberKeys: string[]; stringKeys: string[] } {
  const numberKeys: string[] = [];
  const stringKeys: string[] = [];
  for (const [key, value] of Object.entries(sample)) {
    if (typeof value === 'number') numberKeys.push(key);
    else if (typeof value === 'string') stringKeys.push(key);
    else if (Array.isArray(value)) value.forEach((_, index) => numberKeys.push(`${key}[${index}]`));
    else if (value && typeof value === 'object') {
      for (const inner of Object.keys(value)) numberKeys.push(`${key}.${inner}`);
    }
  }
  return { numberKeys, stringKeys };
}

/** A reader of one number key from a record. */
function numberReader(key: string): (row: Row) => number {
  const item = /^(.+)\[(\d+)\]$/.exec(key);
  if (item) {
    const [, name, index] = item as unknown as [string, string, string];
    return (row) => (row[name] as number[])[Number(index)] ?? 0;
  }
  const dot = key.indexOf('.');
  if (dot > 0) {
    const outer = key.slice(0, dot);
    const inner = key.slice(dot + 1);
    return (row) => (row[outer] as Record<string, number>)[inner] ?? 0;
  }
  return (row) => row[key] as number;
}

export function packRecords(records: readonly object[]): WwdPackedRecords {
  const first = records[0] as Row | undefined;
  const { numberKeys, stringKeys } = first ? keysOf(first) : { numberKeys: [], stringKeys: [] };
  const readers = numberKeys.map(numberReader);
  const numbers = new Float64Array(records.length * numberKeys.length);
  const strings = new Array<string>(records.length * stringKeys.length);
  let at = 0;
  let text = 0;
  for (const record of records as readonly Row[]) {
    for (const read of readers) numbers[at++] = read(record);
    for (const key of stringKeys) strings[text++] = record[key] as string;
  }
  return { count: records.length, numberKeys, numbers, stringKeys, strings };
}

/** The level with every plane's objects packed. */
export function packLevelView(level: WwdLevelView): Omit<WwdLevelView, 'planes'> & {
  planes: WwdPackedPlane[];
} {
  return {
    ...level,
    planes: level.planes.map((plane) => ({
      ...plane,
      objects: [],
      packedObjects: packRecords(plane.objects satisfies WwdObject[]),
    })),
  };
}

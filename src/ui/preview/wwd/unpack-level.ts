/**
 * The level as the view data sends it, made whole again: each plane's objects come packed
 * as columns (formats/wwd/view-wire.ts; a typed array of numbers and a list of strings, which
 * cross from the worker as block copies) and become the objects the view draws and lists.
 */
import type { WwdPackedRecords } from '../../../formats/wwd/types.ts';
import type { WwdLevelView, WwdObject } from './level-types.ts';

type Setter = (row: Record<string, unknown>, value: number) => void;

/** Writes one number key (`x`, `moveRect.left`, `userValues[3]`) into a record being built. */
function numberSetter(key: string): Setter {
  const item = /^(.+)\[(\d+)\]$/.exec(key);
  if (item) {
    const name = item[1]!;
    const index = Number(item[2]);
    return (row, value) => {
      ((row[name] ??= []) as number[])[index] = value;
    };
  }
  const dot = key.indexOf('.');
  if (dot > 0) {
    const outer = key.slice(0, dot);
    const inner = key.slice(dot + 1);
    return (row, value) => {
      ((row[outer] ??= {}) as Record<string, number>)[inner] = value;
    };
  }
  return (row, value) => {
    row[key] = value;
  };
}

export function unpackRecords<T>(packed: WwdPackedRecords): T[] {
  const { count, numberKeys, numbers, stringKeys, strings } = packed;
  const setters = numberKeys.map(numberSetter);
  const records = new Array<T>(count);
  let at = 0;
  let text = 0;
  for (let index = 0; index < count; index++) {
    const row: Record<string, unknown> = {};
    for (const set of setters) set(row, numbers[at++]!);
    for (const key of stringKeys) row[key] = strings[text++];
    records[index] = row as T;
  }
  return records;
}

type MaybePacked = WwdLevelView['planes'][number] & { packedObjects?: WwdPackedRecords };

/** The level with its planes' objects unpacked (a level sent whole is returned as it is). */
export function unpackLevel(level: WwdLevelView): WwdLevelView {
  const planes = level.planes as MaybePacked[];
  if (!planes.some((plane) => plane.packedObjects)) return level;
  return {
    ...level,
    planes: planes.map(({ packedObjects, ...plane }) =>
      packedObjects ? { ...plane, objects: unpackRecords<WwdObject>(packedObjects) } : plane,
    ),
  };
}

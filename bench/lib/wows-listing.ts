/**
 * Delve's in-process listing of World of Warships indexes, as the `peers` scenario times it
 * (in the bench's process, and in a fresh one through bench/peers/delve-list.ts): every index
 * parsed and merged, every file's full path made.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { WowsBuildTable } from '../../src/formats/wows/build-table.ts';
import { parseWowsIndex } from '../../src/formats/wows/read.ts';

export interface Listing {
  count: number;
  /** Characters of all full paths: both sides must agree. */
  chars: number;
}

export function delveList(indexPaths: readonly string[]): Listing {
  const table = new WowsBuildTable();
  for (const path of indexPaths) {
    const parsed = parseWowsIndex(readFileSync(path));
    if (parsed.fatal) throw new Error(`${path}: ${parsed.fatal.message}`);
    table.add(basename(path), parsed.value);
  }
  table.finish();
  let chars = 0;
  for (let entry = 0; entry < table.entryCount; entry++) chars += table.path(entry).length;
  return { count: table.entryCount, chars };
}

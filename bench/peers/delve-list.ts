/**
 * Delve's side of the in-process listing driver (bench/peers/wows-list.c is the peer's), with
 * the same contract: parses an index file or a folder of indexes with `parseWowsIndex`,
 * merges them in a `WowsBuildTable`, makes every file's full path, `runs` times, and prints
 * one JSON line: {"ms": [...], "count": N, "chars": N}. Run in a fresh Node process, as the
 * peer's driver is, so one measurement does not pay for the heap another left.
 *
 * Usage: node delve-list.mjs (file|dir) PATH RUNS   (bundled by bench/lib/peers.ts)
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { delveList } from '../lib/wows-listing.ts';

const [kind, path, runsText] = process.argv.slice(2);
if ((kind !== 'file' && kind !== 'dir') || !path || !runsText) {
  process.stderr.write('usage: delve-list (file|dir) PATH RUNS\n');
  process.exit(2);
}
const files =
  kind === 'dir'
    ? readdirSync(path)
        .filter((name) => name.endsWith('.idx'))
        .sort()
        .map((name) => join(path, name))
    : [path];

const ms: number[] = [];
let listing = { count: 0, chars: 0 };
for (let run = 0; run < Math.max(1, Number(runsText)); run++) {
  const started = performance.now();
  listing = delveList(files);
  ms.push(performance.now() - started);
}
process.stdout.write(`${JSON.stringify({ ms, ...listing })}\n`);

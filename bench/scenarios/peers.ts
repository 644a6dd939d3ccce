/**
 * Delve beside the native tool its users know: wows-depack (C), built from
 * ../shared/peers at bench time (bench/lib/peers.ts), on the same World of Warships build
 * in the same run, the two sides interleaved run by run so both see the same machine load.
 *
 * - In-process listing: parse every `.idx` of the build and make every file's full path.
 *   Delve: `parseWowsIndex` and the merged `WowsBuildTable` in this Node process; the peer:
 *   `wows_parse_index_dir` and `wows_search(".*", full path)` in our driver. Delve also
 *   checks the header hash, every pointer and count, parent chains and node ids on the way;
 *   wows-depack checks none of them.
 * - The same for one small real index (../shared/fixtures/wows).
 * - The CLI: listing the whole build in one process (`delve ls GAME --paths` against
 *   `wows-depack-cli -W GAME -p`, the same paths compared; the JSON listing timed beside it),
 *   extracting one index (`delve extract` against
 *   `wows-depack-cli -i IDX -e / -O DIR`, outputs compared byte for byte), and printing help.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { median } from '../lib/browser.ts';
import {
  buildDelveDriver,
  buildWowsDepack,
  runDelveDriver,
  runDriver,
  type WowsDepack,
} from '../lib/peers.ts';
import {
  emptyReport,
  round,
  spread,
  type ScenarioReport,
  type TargetResult,
} from '../lib/results.ts';
import { ROOT } from '../lib/server.ts';
import type { GeneratedWowsBuild } from '../lib/wows-data.ts';
import { delveList } from '../lib/wows-listing.ts';

const SMALL_INDEX = resolve(ROOT, '../shared/fixtures/wows/vehicles_level6_usa.idx');
/** Passes of the small index per timed sample: one pass is well under a millisecond. */
const SMALL_PASSES = 200;
/** Samples of each kind at least, whatever `--repeat` says. */
const MIN_RUNS = 5;

/** The built CLI, and how to start it. */
const CLI_BUNDLE = join(ROOT, 'dist-cli/delve.cjs');

function timed<T>(work: () => T): { ms: number; value: T } {
  const started = performance.now();
  const value = work();
  return { ms: performance.now() - started, value };
}

/** A "lower is better" ratio target: Delve's median over the peer's, met at ≤ `bound`. */
function ratioTarget(
  id: string,
  label: string,
  delve: readonly number[],
  peer: readonly number[],
  bound: number,
  note: string,
): TargetResult {
  const measured = median(delve);
  const baseline = median(peer);
  const ratio = measured / baseline;
  return {
    id,
    label,
    measured: round(measured, 2),
    unit: 'ms',
    baseline: round(baseline, 2),
    ratio: round(ratio, 2),
    target: `≤ ${bound}× wows-depack`,
    met: ratio <= bound,
    note: `medians of ${delve.length} interleaved runs; Delve ${spread(delve, 1)} ms, wows-depack ${spread(peer, 1)} ms. ${note}`,
  };
}

/** Wall time of one command, its output thrown away (or kept, when `keep`). */
function runCommand(command: string, args: readonly string[]): { ms: number; stdout: string } {
  const started = performance.now();
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = performance.now() - started;
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')}: exit ${result.status}: ${result.stderr}`);
  }
  return { ms, stdout: result.stdout };
}

/** Every file below `root`, by relative path, with its bytes. */
function treeFiles(root: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(root, path), readFileSync(path));
    }
  };
  walk(root);
  return files;
}

function indexFolder(build: GeneratedWowsBuild): string {
  return join(build.root, 'bin', String(build.build), 'idx');
}

function inProcessTargets(
  peer: WowsDepack,
  delveDriver: string,
  build: GeneratedWowsBuild,
  runs: number,
  log: (line: string) => void,
): TargetResult[] {
  const folder = indexFolder(build);
  const indexes = readdirSync(folder)
    .filter((name) => name.endsWith('.idx'))
    .sort()
    .map((name) => join(folder, name));
  const delveBig: number[] = [];
  const peerBig: number[] = [];
  const delveSmall: number[] = [];
  const peerSmall: number[] = [];
  let agreed = '';
  for (let run = 0; run < runs; run++) {
    const delve = timed(() => delveList(indexes));
    delveBig.push(delve.ms);
    const native = runDriver(peer, 'dir', folder, 1);
    peerBig.push(native.ms[0]!);
    if (delve.value.count !== native.count || delve.value.chars !== native.chars) {
      throw new Error(
        `listings differ: Delve ${delve.value.count} paths (${delve.value.chars} chars), wows-depack ${native.count} (${native.chars})`,
      );
    }
    agreed = `${delve.value.count.toLocaleString('en-US')} paths agree`;

    // In a fresh process, as the peer's: passes made here, after the big listing, ran 4–5×
    // slower (the heap that listing left is shrunk, then grown again, under them).
    delveSmall.push(median(runDelveDriver(delveDriver, 'file', SMALL_INDEX, SMALL_PASSES).ms));
    peerSmall.push(median(runDriver(peer, 'file', SMALL_INDEX, SMALL_PASSES).ms));
    log(
      `  run ${run + 1}: build ${delve.ms.toFixed(0)} / ${native.ms[0]!.toFixed(0)} ms, small index ${delveSmall.at(-1)!.toFixed(3)} / ${peerSmall.at(-1)!.toFixed(3)} ms`,
    );
  }
  return [
    ratioTarget(
      'peers.wows_list_build',
      `Merged listing of a ${build.nodeCount.toLocaleString('en-US')}-node build (${indexes.length} indexes), in-process`,
      delveBig,
      peerBig,
      1.3,
      `Files read, parsed and every full path made (${agreed}). Delve checks headers, hashes, pointers and parent chains; wows-depack does not.`,
    ),
    ratioTarget(
      'peers.wows_list_small',
      'Listing of one small real index (vehicles_level6_usa.idx, 39 files), in-process',
      delveSmall,
      peerSmall,
      3,
      `Each run is the median of ${SMALL_PASSES} passes in a fresh process, for both (bench/peers/delve-list.ts, bench/peers/wows-list.c).`,
    ),
  ];
}

function cliTargets(
  peer: WowsDepack,
  build: GeneratedWowsBuild,
  workdir: string,
  runs: number,
  log: (line: string) => void,
): { targets: TargetResult[]; figures: ScenarioReport['figures'] } {
  const targets: TargetResult[] = [];
  const help: number[] = [];
  const delveLs: number[] = [];
  const delveJson: number[] = [];
  const peerLs: number[] = [];
  const delveExtract: number[] = [];
  const peerExtract: number[] = [];
  const folder = indexFolder(build);
  // The largest index: the extract that takes longest.
  const index = readdirSync(folder)
    .filter((name) => name.endsWith('.idx'))
    .map((name) => join(folder, name))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
  const out = join(workdir, 'peers-extract');
  for (let run = 0; run < runs; run++) {
    help.push(runCommand('node', [CLI_BUNDLE, '--help']).ms);

    // Like for like: every full path, one per line. The JSON listing (ten fields an entry,
    // 80 MB for this build) is timed beside it.
    const delve = runCommand('node', [CLI_BUNDLE, 'ls', build.root, '--paths']);
    delveLs.push(delve.ms);
    const native = runCommand(peer.cli, ['-W', build.root, '-p']);
    peerLs.push(native.ms);
    delveJson.push(runCommand('node', [CLI_BUNDLE, 'ls', build.root, '--json']).ms);
    if (run === 0) {
      // The same paths (wows-depack starts each with `/`), in any order.
      const mine = delve.stdout.split('\n').filter(Boolean).sort();
      const theirs = native.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => line.replace(/^\//, ''))
        .sort();
      const differs = mine.length !== theirs.length || mine.some((path, i) => path !== theirs[i]);
      if (differs) {
        throw new Error(
          `listings differ: Delve ${mine.length} paths, wows-depack ${theirs.length}`,
        );
      }
    }

    rmSync(out, { recursive: true, force: true });
    delveExtract.push(
      runCommand('node', [CLI_BUNDLE, 'extract', index, '-o', join(out, 'delve')]).ms,
    );
    peerExtract.push(runCommand(peer.cli, ['-i', index, '-e', '/', '-O', join(out, 'peer')]).ms);
    if (run === 0) {
      const mine = treeFiles(join(out, 'delve'));
      const theirs = treeFiles(join(out, 'peer'));
      const differing = [...theirs].filter(([path, bytes]) => !mine.get(path)?.equals(bytes));
      if (mine.size !== theirs.size || differing.length > 0) {
        throw new Error(
          `extracts differ: Delve ${mine.size} files, wows-depack ${theirs.size}, ${differing.length} differ (${differing
            .slice(0, 3)
            .map(([path]) => path)
            .join(', ')})`,
        );
      }
    }
    log(
      `  run ${run + 1}: help ${help.at(-1)!.toFixed(0)} ms, ls ${delveLs.at(-1)!.toFixed(0)} / ${peerLs.at(-1)!.toFixed(0)} ms (--json ${delveJson.at(-1)!.toFixed(0)} ms), extract ${delveExtract.at(-1)!.toFixed(0)} / ${peerExtract.at(-1)!.toFixed(0)} ms`,
    );
  }
  rmSync(out, { recursive: true, force: true });
  const figures: ScenarioReport['figures'] = [
    {
      id: 'peers.cli_ls_json_ms',
      label: `CLI: list the ${build.indexes.length}-index build as JSON (every entry with its size, CRC and volume)`,
      value: round(median(delveJson)),
      unit: 'ms',
    },
    {
      id: 'peers.cli_ls_json_vs_peer',
      label: 'CLI: the JSON listing / wows-depack-cli -p',
      value: round(median(delveJson) / median(peerLs), 2),
      unit: '×',
    },
  ];
  const helpMs = median(help);
  targets.push(
    {
      id: 'peers.cli_help',
      label: 'CLI: start and print help',
      measured: round(helpMs),
      unit: 'ms',
      baseline: null,
      ratio: null,
      target: '≤ 150 ms',
      met: helpMs <= 150,
      note: `median of ${help.length} runs (${spread(help, 0)} ms): \`node dist-cli/delve.cjs --help\`, process start to exit`,
    },
    ratioTarget(
      'peers.cli_ls_build',
      `CLI: list the ${build.indexes.length}-index build in one process`,
      delveLs,
      peerLs,
      2,
      '`delve ls GAME --paths` against `wows-depack-cli -W GAME -p`: every full path of the merged newest build, one per line (the same paths, compared on the first run).',
    ),
    ratioTarget(
      'peers.cli_extract',
      `CLI: extract one index (${basename(index)})`,
      delveExtract,
      peerExtract,
      1.5,
      'Outputs compared byte for byte on the first run. Delve checks each CRC-32 and sanitises names; wows-depack does neither.',
    ),
  );
  return { targets, figures };
}

export async function benchPeers(
  build: GeneratedWowsBuild,
  workdir: string,
  repeat: number,
  log: (line: string) => void,
): Promise<ScenarioReport> {
  const report = emptyReport();
  const peer = buildWowsDepack(workdir, log);
  if ('skipped' in peer) {
    log(`  skipped: ${peer.skipped}`);
    report.notes.push(`peers: skipped: ${peer.skipped}`);
    return report;
  }
  const runs = Math.max(MIN_RUNS, repeat);
  const delveDriver = await buildDelveDriver(workdir);
  report.targets.push(...inProcessTargets(peer, delveDriver, build, runs, log));
  if (!existsSync(CLI_BUNDLE)) {
    log('  building the CLI (npm run build:cli)...');
    execFileSync('npm', ['run', '--silent', 'build:cli'], { cwd: ROOT, stdio: 'inherit' });
  }
  mkdirSync(workdir, { recursive: true });
  const cli = cliTargets(peer, build, workdir, runs, log);
  report.targets.push(...cli.targets);
  report.figures.push(...cli.figures);
  return report;
}

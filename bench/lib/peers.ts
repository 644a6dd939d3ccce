/**
 * Native peers of the bench: wows-depack (C, ../shared/peers/wows-depack) built at bench
 * time into the work dir, with a small timing driver of ours (bench/peers/wows-list.c)
 * linked against its library, and Delve's side of that driver (bench/peers/delve-list.ts).
 * A machine without a C toolchain, CMake, PCRE2 or zlib
 * headers cannot build it: the scenario then says why and measures nothing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './server.ts';

export const PEERS = resolve(ROOT, '../shared/peers');
const WOWS_DEPACK = join(PEERS, 'wows-depack');
const DRIVER_SOURCE = join(ROOT, 'bench/peers/wows-list.c');

export interface WowsDepack {
  /** `wows-depack-cli`. */
  cli: string;
  /** Our driver: `wows-list (file|dir) PATH RUNS` prints `{"ms": [...], "count", "chars"}`. */
  driver: string;
  /** Where the library is, for LD_LIBRARY_PATH-free runs (the driver has an rpath). */
  libraryDir: string;
}

const has = (command: string): boolean =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** Headers a build needs, looked for where Debian puts them. */
const HEADERS = ['/usr/include/pcre2.h', '/usr/include/zlib.h'];

/** What is missing for the build, or null when everything is there. */
function missing(): string | null {
  const tools = ['cmake', 'cc', 'make'].filter((tool) => !has(tool));
  const headers = HEADERS.filter((header) => !existsSync(header));
  if (tools.length === 0 && headers.length === 0) return null;
  return [...tools, ...headers].join(', ');
}

/**
 * Builds wows-depack and the driver into `workdir/peers` (reused when there). As root on
 * Debian, installs the build's packages first, as `npm test` installs Chromium.
 */
export function buildWowsDepack(
  workdir: string,
  log: (line: string) => void,
): WowsDepack | { skipped: string } {
  if (!existsSync(join(WOWS_DEPACK, 'CMakeLists.txt'))) {
    return { skipped: `no wows-depack sources in ${WOWS_DEPACK}` };
  }
  const isRoot = process.getuid?.() === 0;
  if (missing() !== null && isRoot && has('apt-get')) {
    log('Installing the peers’ build packages (apt-get install cmake libpcre2-dev zlib1g-dev)...');
    spawnSync('apt-get', ['install', '-y', 'cmake', 'libpcre2-dev', 'zlib1g-dev', 'gcc', 'make'], {
      stdio: 'ignore',
    });
  }
  const lacking = missing();
  if (lacking !== null) {
    return {
      skipped: `cannot build wows-depack here: missing ${lacking} (apt-get install cmake libpcre2-dev zlib1g-dev)`,
    };
  }
  const build = join(workdir, 'peers', 'wows-depack');
  const cli = join(build, 'wows-depack-cli');
  const driver = join(build, 'wows-list');
  try {
    if (!existsSync(cli)) {
      log(`Building wows-depack into ${build}...`);
      mkdirSync(build, { recursive: true });
      execFileSync('cmake', ['-S', WOWS_DEPACK, '-B', build, '-DCMAKE_BUILD_TYPE=Release'], {
        stdio: 'ignore',
      });
      execFileSync('cmake', ['--build', build, '-j2'], { stdio: 'ignore' });
    }
    execFileSync('cc', [
      '-O2',
      '-o',
      driver,
      DRIVER_SOURCE,
      `-I${join(WOWS_DEPACK, 'inc')}`,
      `-L${build}`,
      '-lwows-depack',
      `-Wl,-rpath,${build}`,
    ]);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { skipped: `building wows-depack failed: ${reason}` };
  }
  return { cli, driver, libraryDir: build };
}

export interface DriverRun {
  ms: number[];
  count: number;
  chars: number;
}

/** The driver's in-process timings of `runs` parse-and-list passes over an index or a folder. */
export function runDriver(
  peer: WowsDepack,
  kind: 'file' | 'dir',
  path: string,
  runs: number,
): DriverRun {
  const output = execFileSync(peer.driver, [kind, path, String(runs)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(output) as DriverRun;
}

/** Delve's listing driver (bench/peers/delve-list.ts), bundled as the app bundles it. */
export async function buildDelveDriver(workdir: string): Promise<string> {
  const outfile = join(workdir, 'peers', 'delve-list.mjs');
  await build({
    entryPoints: [resolve(ROOT, 'bench/peers/delve-list.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  return outfile;
}

/** Delve's driver's timings, in a fresh Node process as the peer's driver runs. */
export function runDelveDriver(
  driver: string,
  kind: 'file' | 'dir',
  path: string,
  runs: number,
): DriverRun {
  const output = execFileSync(process.execPath, [driver, kind, path, String(runs)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(output) as DriverRun;
}

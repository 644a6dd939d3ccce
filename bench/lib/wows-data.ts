/**
 * The World of Warships build of the bench: a game folder (`bin/<build>/idx/*.idx` and
 * `res_packages/*_0001.pkg`) written with the project's own streamed writer
 * (src/formats/wows/game-folder.ts, `writeWowsBuild`), kept in the work dir and reused on
 * the next run when its facts file is there.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeWowsBuild, type WowsBuildSummary } from '../../src/formats/wows/game-folder.ts';

export interface WowsBuildRequest {
  /** Nodes over all indexes, directories included (each index repeats a few shared ones). */
  nodes: number;
  indexes: number;
  /** pkg bytes over all volumes, blobs and trailers. */
  pkgBytes: number;
  seed: number;
  /** The next build of a pair (`WowsBuildOptions.nextBuild`), under the next build number. */
  nextBuild?: boolean;
}

export interface GeneratedWowsBuild extends WowsBuildSummary {
  /** The game root: the folder the app is given (it holds bin/ and res_packages/). */
  root: string;
  build: number;
  /** Bytes of every .idx together. */
  indexBytes: number;
  generatedSeconds: number;
}

export const WOWS_BUILD_NUMBER = 7012345;

/** The bench's build in `workdir`: reused when present, else written (about 1 GiB by default). */
export async function wowsBuild(
  workdir: string,
  request: WowsBuildRequest,
  log: (line: string) => void,
): Promise<GeneratedWowsBuild> {
  const name = `wows-${request.nodes}-${request.indexes}-${Math.round(request.pkgBytes / 2 ** 20)}m-s${request.seed}${request.nextBuild ? '-next' : ''}`;
  const build = WOWS_BUILD_NUMBER + (request.nextBuild ? 1 : 0);
  const folder = join(workdir, name);
  const factsPath = join(workdir, `${name}.json`);
  if (existsSync(factsPath) && existsSync(folder)) {
    log(`Reusing ${folder}`);
    const facts = JSON.parse(readFileSync(factsPath, 'utf8')) as GeneratedWowsBuild;
    return { ...facts, root: join(folder, 'World_of_Warships') };
  }
  log(
    `Generating ${folder} (${request.nodes.toLocaleString('en-US')} nodes in ${request.indexes} indexes, ~${(request.pkgBytes / 2 ** 20).toFixed(0)} MiB of pkg)...`,
  );
  // Written under a temporary name, renamed at the end: a stopped run leaves nothing reusable.
  const partial = `${folder}.partial`;
  rmSync(partial, { recursive: true, force: true });
  rmSync(folder, { recursive: true, force: true });
  const root = join(partial, 'World_of_Warships');
  const started = performance.now();
  let fd: number | null = null;
  let current = '';
  let indexBytes = 0;
  let written = 0;
  let nextReport = request.pkgBytes / 10;
  const summary = await writeWowsBuild(
    {
      build,
      indexCount: request.indexes,
      nodesPerIndex: Math.round(request.nodes / request.indexes),
      pkgBytes: request.pkgBytes,
      seed: request.seed,
      nextBuild: request.nextBuild ?? false,
    },
    (path, chunk) => {
      if (path !== current) {
        if (fd !== null) closeSync(fd);
        const target = join(root, path);
        mkdirSync(dirname(target), { recursive: true });
        fd = openSync(target, 'w');
        current = path;
      }
      for (let at = 0; at < chunk.length;) at += writeSync(fd!, chunk, at, chunk.length - at);
      if (path.endsWith('.idx')) indexBytes += chunk.length;
      written += chunk.length;
      if (written >= nextReport) {
        process.stdout.write(`  ${Math.min(100, Math.round((written / request.pkgBytes) * 100))}%`);
        nextReport += request.pkgBytes / 10;
      }
    },
  );
  if (fd !== null) closeSync(fd);
  renameSync(partial, folder);
  const facts: GeneratedWowsBuild = {
    ...summary,
    root: join(folder, 'World_of_Warships'),
    build,
    indexBytes,
    generatedSeconds: (performance.now() - started) / 1000,
  };
  writeFileSync(factsPath, JSON.stringify(facts));
  log(
    `\n  ${facts.nodeCount.toLocaleString('en-US')} nodes, ` +
      `${facts.fileCount.toLocaleString('en-US')} files, idx ${(indexBytes / 2 ** 20).toFixed(1)} MiB, ` +
      `pkg ${(facts.pkgBytes / 2 ** 30).toFixed(2)} GiB, in ${facts.generatedSeconds.toFixed(0)} s`,
  );
  return facts;
}

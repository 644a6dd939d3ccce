/**
 * WWD parse, this build against an older one, side by side in one process: every real level
 * of ../shared/fixtures/wwd, parsed by each build in turn, round after round (alternating
 * which goes first), so both see the same machine load. Also the open the tree needs:
 * parse, then the document nodes with their paths. Checks both builds give the same level,
 * nodes and fields first. Each build is bundled as the app bundles it. Reports medians and
 * spreads (docs/PERFORMANCE.md).
 *
 *   git archive <commit> src | tar -x -C /tmp/wwd-old   # the older build's sources
 *   ln -s "$PWD/node_modules" /tmp/wwd-old/node_modules
 *   npx tsx bench/wwd-side-by-side.ts /tmp/wwd-old/src [rounds]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

type Parse = (bytes: Uint8Array) => Promise<{ value: unknown; fatal: unknown }>;
type Nodes = (level: never) => { path: string; span: unknown; fields: unknown }[];
interface Build {
  name: string;
  parse: Parse;
  nodes: Nodes;
}

/**
 * A build's reader, bundled as the app bundles it (esbuild, no tsx names wrapped around
 * every function), into bench/.scratch.
 */
async function load(name: string, src: string): Promise<Build> {
  const outfile = fileURLToPath(new URL(`./.scratch/wwd-${name}.mjs`, import.meta.url));
  await build({
    stdin: {
      contents: [
        `export { parseWwd } from ${JSON.stringify(join(src, 'formats/wwd/read.ts'))};`,
        `export { wwdDocumentNodes } from ${JSON.stringify(join(src, 'formats/wwd/document.ts'))};`,
      ].join('\n'),
      resolveDir: src,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  const built = (await import(`${pathToFileURL(outfile).href}?${Date.now()}`)) as {
    parseWwd: Parse;
    wwdDocumentNodes: Nodes;
  };
  return { name, parse: built.parseWwd, nodes: built.wwdDocumentNodes };
}

const oldSrc = process.argv[2];
if (!oldSrc) throw new Error('usage: tsx bench/wwd-side-by-side.ts OLD_SRC [rounds]');
const rounds = Number(process.argv[3] ?? 15);
const here = fileURLToPath(new URL('../src', import.meta.url));
const builds = [await load('old', resolve(oldSrc)), await load('new', here)];

const folder = fileURLToPath(new URL('../../shared/fixtures/wwd/', import.meta.url));
const levels = readdirSync(folder)
  .filter((name) => /\.wwd$/i.test(name))
  .sort()
  .map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(folder, name))) }));

/** Plain data for comparing: typed arrays as arrays, getters read. */
const plain = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) =>
    ArrayBuffer.isView(item) ? Array.from(item as Uint8Array) : item,
  );

async function openOnce(build: Build, bytes: Uint8Array) {
  const result = await build.parse(bytes);
  const nodes = build.nodes(result.value as never);
  let paths = 0;
  for (const node of nodes) paths += node.path.length;
  return { result, nodes, paths };
}

// Same results first: the level, every node's path, span and fields.
for (const { name, bytes } of levels) {
  const [a, b] = await Promise.all(builds.map((build) => openOnce(build, bytes)));
  const same =
    plain(a!.result) === plain(b!.result) &&
    plain(a!.nodes.map((node) => [node.path, node.span, node.fields])) ===
      plain(b!.nodes.map((node) => [node.path, node.span, node.fields]));
  if (!same) throw new Error(`${name}: the builds disagree`);
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[values.length >> 1]!;
type Clock = 'wall' | 'cpu';
const WARM_UP_ROUNDS = 8;
type Times = Record<'parse' | 'open', Record<Clock, number[]>>;
const empty = (): Times => ({ parse: { wall: [], cpu: [] }, open: { wall: [], cpu: [] } });
const times: Record<string, Times> = { old: empty(), new: empty() };

/** Wall time, and this process's CPU time (steadier on a shared, loaded machine), in ms. */
async function timed(run: () => Promise<void>): Promise<Record<Clock, number>> {
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  await run();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

// Parse, then open, each in rounds of its own: one's garbage is not collected on the other's time.
for (const what of ['parse', 'open'] as const) {
  for (let round = -WARM_UP_ROUNDS; round < rounds; round++) {
    const order = round % 2 === 0 ? builds : [...builds].reverse();
    for (const build of order) {
      const time = await timed(async () => {
        for (const { bytes } of levels) {
          if (what === 'parse') await build.parse(bytes);
          else await openOnce(build, bytes);
        }
      });
      if (round < 0) continue;
      for (const clock of ['wall', 'cpu'] as const)
        times[build.name]![what][clock].push(time[clock]);
    }
  }
}
console.log(
  `${levels.length} levels, ${rounds} interleaved rounds (after ${WARM_UP_ROUNDS} warm-up rounds)`,
);
for (const what of ['parse', 'open'] as const) {
  for (const clock of ['wall', 'cpu'] as const) {
    const row = builds.map((build) => {
      const values = times[build.name]![what][clock];
      return `${build.name} ${median(values).toFixed(1)} ms (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;
    });
    const ratio = median(times.old![what][clock]) / median(times.new![what][clock]);
    console.log(`${what} ${clock}: ${row.join(', ')}; speed-up ${ratio.toFixed(2)}×`);
  }
}

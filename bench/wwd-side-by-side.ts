/**
 * WWD parse, this build against an older one, side by side in one process: every real level
 * of ../shared/fixtures/wwd, parsed by each build in turn, round after round (alternating
 * which goes first), so both see the same machine load. Also the open the tree needs:
 * parse, then the document nodes with their paths. Checks both builds give the same level,
 * nodes and fields first. Each build is bundled as the app bundles it. Reports medians and
 * spreads (docs/PERFORMANCE.md).
 *
 * Then the same parse in processes of their own, old and new alternately: in one process,
 * each build's rounds also collect the garbage the other left, which blurs both.
 *
 *   git archive <commit> src | tar -x -C /tmp/wwd-old   # the older build's sources
 *   ln -s "$PWD/node_modules" /tmp/wwd-old/node_modules
 *   npx tsx bench/wwd-side-by-side.ts /tmp/wwd-old/src [rounds]
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { quotedText } from '../src/binary/quoted-text.ts';

type Parse = (bytes: Uint8Array) => Promise<{ value: unknown; fatal: unknown }>;
type Nodes = (level: never) => { path: string; span: unknown; fields: unknown }[];
interface Build {
  name: string;
  /** Its bundle, for a process of its own. */
  bundle: string;
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
  return { name, bundle: outfile, parse: built.parseWwd, nodes: built.wwdDocumentNodes };
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
  .map((name) => ({
    name,
    path: join(folder, name),
    bytes: new Uint8Array(readFileSync(join(folder, name))),
  }));

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

/**
 * A field's text as this build shows it. Quoted text in details changed on its own since the
 * reader this bench compares with (JSON.stringify's `"..\\CLAW.REZ"` became `"..\CLAW.REZ"`,
 * binary/quoted-text.ts): an older build's JSON-quoted value is shown the new way.
 */
function shownNow(value: unknown): unknown {
  if (typeof value !== 'string' || !/^".*"$/s.test(value)) return value;
  try {
    const text: unknown = JSON.parse(value);
    return typeof text === 'string' ? quotedText(text) : value;
  } catch {
    return value;
  }
}

const fieldsNow = (fields: unknown) =>
  Array.isArray(fields)
    ? fields.map((field) => (Array.isArray(field) ? field.map(shownNow) : field))
    : fields;

// Same results first: the level, every node's path, span and fields.
for (const { name, bytes } of levels) {
  const [a, b] = await Promise.all(builds.map((build) => openOnce(build, bytes)));
  const same =
    plain(a!.result) === plain(b!.result) &&
    plain(a!.nodes.map((node) => [node.path, node.span, fieldsNow(node.fields)])) ===
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

/**
 * One build's parse in a process of its own: the child warms up, then times `rounds` rounds
 * of every level and prints its median CPU and wall time per round.
 */
const CHILD_SOURCE = `
import { readFileSync } from 'node:fs';
const [bundle, rounds, warmUp, ...files] = process.argv.slice(2);
const { parseWwd } = await import(bundle);
const levels = files.map((file) => new Uint8Array(readFileSync(file)));
const cpu = [], wall = [];
for (let round = -Number(warmUp); round < Number(rounds); round++) {
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  for (const bytes of levels) await parseWwd(bytes);
  const used = process.cpuUsage(cpuBefore);
  if (round < 0) continue;
  wall.push(performance.now() - start);
  cpu.push((used.user + used.system) / 1000);
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
process.stdout.write(JSON.stringify({ cpu: median(cpu), wall: median(wall) }));
`;
const child = fileURLToPath(new URL('./.scratch/wwd-parse-child.mjs', import.meta.url));
writeFileSync(child, CHILD_SOURCE);
const PROCESSES = 10;
const perProcess: Record<string, Record<Clock, number[]>> = {
  old: { wall: [], cpu: [] },
  new: { wall: [], cpu: [] },
};
for (let run = 0; run < PROCESSES; run++) {
  const order = run % 2 === 0 ? builds : [...builds].reverse();
  for (const build of order) {
    const output = execFileSync(
      process.execPath,
      [
        child,
        build.bundle,
        String(rounds),
        String(WARM_UP_ROUNDS),
        ...levels.map((level) => level.path),
      ],
      { encoding: 'utf8' },
    );
    const { cpu, wall } = JSON.parse(output) as Record<Clock, number>;
    perProcess[build.name]!.cpu.push(cpu);
    perProcess[build.name]!.wall.push(wall);
  }
}
console.log(
  `parse in ${PROCESSES} processes per build, alternately (each: the median of ${rounds} rounds after ${WARM_UP_ROUNDS} warm-up rounds)`,
);
for (const clock of ['wall', 'cpu'] as const) {
  const row = builds.map((build) => {
    const values = perProcess[build.name]![clock];
    return `${build.name} ${median(values).toFixed(1)} ms (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;
  });
  const ratio = median(perProcess.old![clock]) / median(perProcess.new![clock]);
  console.log(`parse ${clock}: ${row.join(', ')}; speed-up ${ratio.toFixed(2)}×`);
}

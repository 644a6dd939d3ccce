/**
 * Writes bench/results.json and the results section of docs/PERFORMANCE.md (between the
 * `bench:results` markers; the prose around them is kept), and prints a summary.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedArchive } from './generate.ts';
import type { MachineInfo } from './machine.ts';
import type { BenchOptions } from './options.ts';
import type { Figure, ScenarioReport, TargetResult } from './results.ts';
import { ROOT } from './server.ts';
import type { InstallFacts } from './install-data.ts';
import type { GeneratedKaArchive } from './ka-data.ts';
import type { GeneratedWowsBuild } from './wows-data.ts';

/** The World of Warships build of a run, as results.json keeps it (no per-index list). */
export interface WowsBuildFacts {
  build: number;
  indexCount: number;
  nodeCount: number;
  fileCount: number;
  indexBytes: number;
  pkgBytes: number;
}

export function wowsFacts(build: GeneratedWowsBuild): WowsBuildFacts {
  return {
    build: build.build,
    indexCount: build.indexes.length,
    nodeCount: build.nodeCount,
    fileCount: build.fileCount,
    indexBytes: build.indexBytes,
    pkgBytes: build.pkgBytes,
  };
}

/** The KA archive of a run, as results.json keeps it (no temp path). */
export type KaArchiveFacts = Omit<GeneratedKaArchive, 'path'>;

export function kaFacts(archive: GeneratedKaArchive): KaArchiveFacts {
  const { path: _path, ...facts } = archive;
  return facts;
}

export interface BenchResults {
  date: string;
  machine: MachineInfo;
  options: Omit<BenchOptions, 'workdir' | 'headed' | 'write' | 'skipBuild'>;
  archive: GeneratedArchive | null;
  /** Absent in results written before the WoWs scenario. */
  wows?: WowsBuildFacts | null;
  /** Absent in results written before the KA scenario. */
  ka?: KaArchiveFacts | null;
  /** Absent in results written before the install scenario. */
  install?: InstallFacts | null;
  durationSeconds: number;
  targets: TargetResult[];
  figures: Figure[];
  notes: string[];
}

export function mergeReports(reports: readonly ScenarioReport[]) {
  return {
    targets: reports.flatMap((report) => report.targets),
    figures: reports.flatMap((report) => report.figures),
    notes: reports.flatMap((report) => report.notes),
  };
}

const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

const number = (value: number | null): string =>
  value === null || Number.isNaN(value)
    ? '—'
    : value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** A ratio with the places it was rounded to (up to 3): 0.697× is not shown as 0.7×. */
const ratioText = (value: number): string =>
  `${value.toLocaleString('en-US', { maximumFractionDigits: 3 })}×`;

const verdict = (met: boolean | null): string =>
  met === null ? 'not measured' : met ? '**met**' : '**missed**';

export function markdownSection(results: BenchResults): string {
  const { machine, archive, wows, ka, install } = results;
  const lines: string[] = [];
  lines.push(START);
  lines.push('');
  lines.push(
    `Last full run: ${results.date.slice(0, 10)} (${results.durationSeconds.toFixed(0)} s), \`npm run bench\`.`,
  );
  lines.push('');
  lines.push(
    `Machine: ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.cpuModel}; ${machine.os}; Node ${machine.node}; ${machine.chromium} (headless).`,
  );
  if (archive) {
    lines.push('');
    lines.push(
      `Archive: KIWAD v2, ${archive.entryCount.toLocaleString('en-US')} entries (${archive.largeEntries} of 1–16 MiB, ` +
        `${(archive.entryCount - archive.compressedEntries).toLocaleString('en-US')} stored), ` +
        `${(archive.fileSize / 2 ** 30).toFixed(2)} GiB file, table ${(archive.tableSize / 2 ** 20).toFixed(2)} MiB, ` +
        `${(archive.uncompressedBytes / 2 ** 30).toFixed(2)} GiB inflated (zlib level ${results.options.level}).`,
    );
  }
  if (wows) {
    lines.push('');
    lines.push(
      `World of Warships build: ${wows.indexCount} indexes with ${wows.nodeCount.toLocaleString('en-US')} nodes ` +
        `(${wows.fileCount.toLocaleString('en-US')} files), ${(wows.indexBytes / 2 ** 20).toFixed(1)} MiB of .idx, ` +
        `${(wows.pkgBytes / 2 ** 30).toFixed(2)} GiB of .pkg (one volume per index), opened as a game folder.`,
    );
  }
  if (ka) {
    lines.push('');
    lines.push(
      `DAVA keyed archive: a generated v2 archive of ${ka.nodeCount.toLocaleString('en-US')} values ` +
        `(${ka.entityCount.toLocaleString('en-US')} scene entities, ${ka.stringCount.toLocaleString('en-US')} strings in its table), ` +
        `${(ka.fileBytes / 1e6).toFixed(1)} MB, opened through the file input.`,
    );
  }
  if (install) {
    lines.push('');
    lines.push(
      `Game install: ${install.fileCount.toLocaleString('en-US')} generated files, ` +
        `${(install.totalBytes / 2 ** 30).toFixed(2)} GiB (${install.dynamicCount} dynamic WADs, not hashed), ` +
        `with the LatestFileList.bin that lists them, the folder chosen in the install check.`,
    );
  }
  lines.push('');
  lines.push('| target | measured | native baseline | ratio | goal | result |');
  lines.push('|---|---|---|---|---|---|');
  for (const target of results.targets) {
    lines.push(
      `| ${target.label} | ${number(target.measured)} ${target.unit} | ${target.baseline === null ? '—' : `${number(target.baseline)} ${target.unit}`} | ${target.ratio === null ? '—' : ratioText(target.ratio)} | ${target.target} | ${verdict(target.met)} |`,
    );
  }
  lines.push('');
  lines.push('Notes on how each target is measured:');
  lines.push('');
  for (const target of results.targets) lines.push(`- *${target.label}*: ${target.note}.`);
  for (const note of results.notes) lines.push(`- ${note}`);
  lines.push('');
  lines.push('<details><summary>Every figure</summary>');
  lines.push('');
  lines.push('| figure | value |');
  lines.push('|---|---|');
  for (const figure of results.figures)
    lines.push(`| ${figure.label} | ${number(figure.value)} ${figure.unit} |`);
  lines.push('');
  lines.push('</details>');
  lines.push('');
  lines.push(END);
  return lines.join('\n');
}

export function writeResults(results: BenchResults): { json: string; markdown: string } {
  const json = join(ROOT, 'bench/results.json');
  writeFileSync(json, JSON.stringify(results, null, 2) + '\n');
  const markdown = join(ROOT, 'docs/PERFORMANCE.md');
  const section = markdownSection(results);
  const current = existsSync(markdown)
    ? readFileSync(markdown, 'utf8')
    : '# Performance\n\n' + START + '\n' + END + '\n';
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + section + current.slice(end + END.length)
      : current.trimEnd() + '\n\n## Results\n\n' + section + '\n';
  writeFileSync(markdown, next);
  return { json, markdown };
}

export function printSummary(results: BenchResults): void {
  console.log('\nTargets');
  const width = Math.max(...results.targets.map((target) => target.label.length), 10);
  for (const target of results.targets) {
    const base = target.baseline === null ? '' : ` vs ${number(target.baseline)} ${target.unit}`;
    const ratio = target.ratio === null ? '' : ` (${ratioText(target.ratio)})`;
    const mark = target.met === null ? '  ?  ' : target.met ? ' met ' : 'MISS ';
    console.log(
      `  ${mark} ${target.label.padEnd(width)}  ${number(target.measured)} ${target.unit}${base}${ratio}  goal ${target.target}`,
    );
  }
}

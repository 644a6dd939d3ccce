/**
 * `npm run bench`: Playwright drives headless Chromium over the built app on generated
 * archives, and compares each figure with a native baseline measured in the same run on the
 * same bytes (machines are shared and noisy, so targets are ratios; absolute times are
 * reported too). Generated data goes to a temp folder that is deleted at the end.
 *
 * A full run writes bench/results.json and the results section of docs/PERFORMANCE.md; a
 * partial one (--only, --size, ...) writes bench/results/last-run.json only.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { launchBrowser } from './lib/browser.ts';
import { buildPair } from './lib/build-pair.ts';
import { generateArchive, type GeneratedArchive } from './lib/generate.ts';
import { machineInfo } from './lib/machine.ts';
import { parseOptions, SCENARIOS, type BenchOptions } from './lib/options.ts';
import {
  mergeReports,
  printSummary,
  kaFacts,
  wowsFacts,
  writeResults,
  type BenchResults,
} from './lib/report.ts';
import type { ScenarioReport } from './lib/results.ts';
import { generatedInstall, installFacts } from './lib/install-data.ts';
import { kaArchive } from './lib/ka-data.ts';
import { wowsBuild } from './lib/wows-data.ts';
import { buildApp, buildHarness, preview, ROOT, type Preview } from './lib/server.ts';
import { benchCompare, wowsPair } from './scenarios/compare.ts';
import { benchDml } from './scenarios/dml.ts';
import { benchObjectProperty } from './scenarios/objectproperty.ts';
import { benchExtract } from './scenarios/extract.ts';
import { benchGallery } from './scenarios/gallery.ts';
import { benchSearch } from './scenarios/search.ts';
import { benchInstall } from './scenarios/install.ts';
import { benchKa } from './scenarios/ka.ts';
import { benchOpen } from './scenarios/open.ts';
import { benchPeers } from './scenarios/peers.ts';
import { benchRemote } from './scenarios/remote.ts';
import { benchTextures } from './scenarios/textures.ts';
import { benchTree } from './scenarios/tree.ts';
import { benchVerify } from './scenarios/verify.ts';
import { benchWows } from './scenarios/wows.ts';
import { benchWwd } from './scenarios/wwd.ts';

const log = (line: string) => console.log(line);

async function bigArchive(options: BenchOptions, workdir: string): Promise<GeneratedArchive> {
  const name = `big-${options.sizeMiB}m-${options.entries}-l${options.level}`;
  const path = join(workdir, `${name}.wad`);
  const factsPath = join(workdir, `${name}.json`);
  if (existsSync(path) && existsSync(factsPath)) {
    log(`Reusing ${path}`);
    return JSON.parse(readFileSync(factsPath, 'utf8')) as GeneratedArchive;
  }
  log(
    `Generating ${path} (${options.entries.toLocaleString('en-US')} entries, ~${options.sizeMiB} MiB stored)...`,
  );
  const started = performance.now();
  let lastPercent = -10;
  const archive = await generateArchive({
    path,
    entries: options.entries,
    targetStoredBytes: options.sizeMiB * 2 ** 20,
    level: options.level,
    onProgress: (done, total) => {
      const percent = Math.floor((done / total) * 100);
      if (percent >= lastPercent + 10) {
        lastPercent = percent;
        process.stdout.write(`  ${percent}%`);
      }
    },
  });
  writeFileSync(factsPath, JSON.stringify(archive));
  log(
    `\n  ${(archive.fileSize / 2 ** 30).toFixed(2)} GiB, table ${(archive.tableSize / 2 ** 20).toFixed(2)} MiB, ` +
      `${archive.largeEntries} large entries, inflated ${(archive.uncompressedBytes / 2 ** 30).toFixed(2)} GiB, ` +
      `in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return archive;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const isFull =
    options.only.length === SCENARIOS.length &&
    options.sizeMiB === 1024 &&
    options.entries === 100_000 &&
    options.compareEntries === 100_000 &&
    options.treeEntries === 1_000_000 &&
    options.reachEntries === 2_000_000 &&
    options.wowsNodes === 400_000 &&
    options.wowsIndexes === 40 &&
    options.wowsSizeMiB === 1024 &&
    options.kaValues === 1_000_000 &&
    options.installFiles === 3000 &&
    options.installSizeMiB === 2048 &&
    options.opObjects === 200_000;
  const workdir = options.workdir ?? mkdtempSync(join(tmpdir(), 'delve-bench-'));
  mkdirSync(workdir, { recursive: true });
  const isTemporary = options.workdir === null;
  const cleanup = () => {
    if (isTemporary) rmSync(workdir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    cleanup();
    process.exit(130);
  });

  const started = performance.now();
  const servers: Preview[] = [];
  try {
    const appDir = join(workdir, 'app');
    const harnessDir = join(workdir, 'harness');
    if (!options.skipBuild || !existsSync(join(appDir, 'index.html'))) {
      log('Building the app and the harness (vite build)...');
      buildApp(appDir);
      buildHarness(harnessDir);
    }
    const app = await preview(appDir);
    servers.push(app);
    const harness = await preview(harnessDir, join(ROOT, 'bench/harness/vite.config.ts'));
    servers.push(harness);

    const needsBig = options.only.some(
      (scenario) =>
        !(
          [
            'tree',
            'wwd',
            'wows',
            'ka',
            'peers',
            'install',
            'dml',
            'objectproperty',
            'gallery',
            'textures',
            'compare',
          ] as string[]
        ).includes(scenario),
    );
    const archive = needsBig ? await bigArchive(options, workdir) : null;
    const wowsRequest = {
      nodes: options.wowsNodes,
      indexes: options.wowsIndexes,
      pkgBytes: Math.round(options.wowsSizeMiB * 2 ** 20),
      seed: 1,
    };
    const wows = options.only.some((scenario) => ['wows', 'peers', 'compare'].includes(scenario))
      ? await wowsBuild(workdir, wowsRequest, log)
      : null;

    const pair = options.only.includes('compare')
      ? await buildPair(workdir, options.compareEntries, log)
      : null;
    const wowsNext = options.only.includes('compare')
      ? await wowsBuild(workdir, { ...wowsRequest, nextBuild: true }, log)
      : null;
    const ka = options.only.includes('ka') ? kaArchive(workdir, options.kaValues, log) : null;
    const install = options.only.includes('install')
      ? generatedInstall(
          workdir,
          { files: options.installFiles, sizeMiB: options.installSizeMiB },
          log,
        )
      : null;

    const browser = await launchBrowser(options.headed);
    const reports: ScenarioReport[] = [];
    try {
      const machine = machineInfo(`Chromium ${browser.version()}`);
      log(
        `Machine: ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.cpuModel}, Node ${machine.node}, Chromium ${browser.version()}`,
      );
      for (const scenario of options.only) {
        log(`\n== ${scenario}`);
        if (scenario === 'remote')
          reports.push(await benchRemote(browser, app.url, archive!, options.repeat, log));
        if (scenario === 'open')
          reports.push(await benchOpen(browser, app.url, archive!, options.repeat, log));
        if (scenario === 'verify')
          reports.push(await benchVerify(browser, app.url, archive!, options.repeat, log));
        if (scenario === 'extract')
          reports.push(await benchExtract(browser, harness.url, archive!, options.repeat, log));
        if (scenario === 'search')
          reports.push(await benchSearch(browser, harness.url, archive!, options.repeat, log));
        if (scenario === 'compare')
          reports.push(
            await benchCompare(
              browser,
              app.url,
              pair!,
              wowsPair(wows!, wowsNext!),
              options.repeat,
              log,
            ),
          );
        if (scenario === 'wwd')
          reports.push(await benchWwd(browser, app.url, appDir, options.repeat, log));
        if (scenario === 'wows')
          reports.push(await benchWows(browser, app.url, wows!, options.repeat, log));
        if (scenario === 'peers')
          reports.push(await benchPeers(wows!, workdir, options.repeat, log));
        if (scenario === 'ka')
          reports.push(await benchKa(browser, app.url, ka!, options.repeat, log));
        if (scenario === 'dml')
          reports.push(await benchDml(browser, app.url, appDir, options.repeat, log));
        if (scenario === 'objectproperty')
          reports.push(
            await benchObjectProperty(
              browser,
              app.url,
              appDir,
              options.opObjects,
              options.repeat,
              log,
            ),
          );
        if (scenario === 'gallery')
          reports.push(await benchGallery(browser, app.url, workdir, options.repeat, log));
        if (scenario === 'textures')
          reports.push(await benchTextures(browser, app.url, appDir, options.repeat, log));
        if (scenario === 'install')
          reports.push(await benchInstall(browser, app.url, install!, options.repeat, log));
        if (scenario === 'tree') {
          reports.push(
            await benchTree(
              browser,
              app.url,
              workdir,
              options.treeEntries,
              options.reachEntries,
              log,
            ),
          );
        }
      }
      const merged = mergeReports(reports);
      const results: BenchResults = {
        date: new Date().toISOString(),
        machine,
        options: {
          sizeMiB: options.sizeMiB,
          entries: options.entries,
          compareEntries: options.compareEntries,
          treeEntries: options.treeEntries,
          reachEntries: options.reachEntries,
          wowsNodes: options.wowsNodes,
          wowsIndexes: options.wowsIndexes,
          wowsSizeMiB: options.wowsSizeMiB,
          kaValues: options.kaValues,
          installFiles: options.installFiles,
          installSizeMiB: options.installSizeMiB,
          opObjects: options.opObjects,
          only: options.only,
          repeat: options.repeat,
          level: options.level,
        },
        // The temp folder's name means nothing once it is gone.
        archive: archive ? { ...archive, path: basename(archive.path) } : null,
        wows: wows ? wowsFacts(wows) : null,
        ka: ka ? kaFacts(ka) : null,
        install: install ? installFacts(install) : null,
        durationSeconds: (performance.now() - started) / 1000,
        ...merged,
      };
      printSummary(results);
      if (isFull && options.write) {
        const written = writeResults(results);
        log(`\nWrote ${written.json} and ${written.markdown}`);
      } else {
        const path = join(ROOT, 'bench/results/last-run.json');
        mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
        writeFileSync(path, JSON.stringify(results, null, 2) + '\n');
        log(
          `\nPartial run: wrote ${path} (a full run writes bench/results.json and docs/PERFORMANCE.md)`,
        );
      }
    } finally {
      await browser.close();
    }
  } finally {
    for (const server of servers) server.stop();
    cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});

/**
 * The install verification bench input: a generated game install (by default 3,000 files,
 * 2 GiB; src/formats/dml/generate-install.ts: client binaries, patch-client files and WADs
 * from a few KiB to tens of MiB, a dynamic WAD now and then) written below the work dir a
 * chunk at a time, and the `LatestFileList.bin` that lists it with every file's KI-CRC
 * (install-files.ts). Kept in the work dir and reused on the next run when
 * its facts file is there. Also Node's side: every file the check hashes, read in 8 MiB
 * windows into one buffer and KI-CRC-hashed with the project's own kernel.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kiCrcKernel } from '../../src/binary/ki-crc-wasm.ts';
import { DmlFileType } from '../../src/formats/dml/generate.ts';
import { installPath, planInstall } from '../../src/formats/dml/generate-install.ts';
import { writeInstallFiles, writeInstallList } from './install-files.ts';

export interface GeneratedInstall {
  /** The game folder. */
  root: string;
  /** The list, beside the folder. */
  listPath: string;
  fileCount: number;
  totalBytes: number;
  /** Files the check hashes (every file but the dynamic WADs), their paths and KI-CRCs. */
  hashed: { path: string; size: number; crc: number }[];
  hashedBytes: number;
  dynamicCount: number;
  generatedSeconds: number;
}

/** The facts results.json keeps (no paths). */
export type InstallFacts = Omit<GeneratedInstall, 'root' | 'listPath' | 'hashed'>;

export function installFacts(install: GeneratedInstall): InstallFacts {
  const { root: _root, listPath: _list, hashed: _hashed, ...facts } = install;
  return facts;
}

export function generatedInstall(
  workdir: string,
  options: { files: number; sizeMiB: number },
  log: (line: string) => void,
): GeneratedInstall {
  const name = `install-${options.files}-${options.sizeMiB}m`;
  const factsPath = join(workdir, `${name}.json`);
  if (existsSync(factsPath)) {
    log(`Reusing ${join(workdir, name)}`);
    return JSON.parse(readFileSync(factsPath, 'utf8')) as GeneratedInstall;
  }
  const root = join(workdir, name, 'Game');
  const totalBytes = Math.round(options.sizeMiB * 2 ** 20);
  log(
    `Generating ${root} (${options.files.toLocaleString('en-US')} files, ${options.sizeMiB} MiB)...`,
  );
  const started = performance.now();
  const plan = planInstall({ fileCount: options.files, totalBytes, seed: 1 });
  let lastTenth = 0;
  const records = writeInstallFiles(root, plan, (done) => {
    const tenth = Math.floor((done / plan.length) * 10);
    if (tenth > lastTenth) process.stdout.write(`  ${(lastTenth = tenth) * 10}%`);
  });
  const listPath = join(workdir, name, 'LatestFileList.bin');
  writeInstallList(listPath, records);
  const hashed = records
    .filter((record) => record.fileType !== DmlFileType.DYNAMIC_WAD)
    .map((record) => ({ path: installPath(record), size: record.size, crc: record.crc }));
  const install: GeneratedInstall = {
    root,
    listPath,
    fileCount: records.length,
    totalBytes,
    hashed,
    hashedBytes: hashed.reduce((sum, file) => sum + file.size, 0),
    dynamicCount: records.length - hashed.length,
    generatedSeconds: (performance.now() - started) / 1000,
  };
  writeFileSync(factsPath, JSON.stringify(install));
  log(`\n  written in ${install.generatedSeconds.toFixed(0)} s`);
  return install;
}

const WINDOW = 8 * 1024 * 1024;

export interface NativeInstallRun {
  ms: number;
  bytes: number;
  mismatches: number;
}

/**
 * Node reading and hashing the files the check hashes, one after another: each opened, read
 * in 8 MiB windows into one reused buffer, KI-CRC-hashed with the project's kernel
 * (src/binary/ki-crc-wasm.ts) and compared with the list's CRC. Run once first to bring every
 * file into the page cache, so neither side pays for the disk.
 */
export function nativeInstallCheck(install: GeneratedInstall): NativeInstallRun {
  const kernel = kiCrcKernel();
  const buffer = Buffer.allocUnsafe(WINDOW);
  let bytes = 0;
  let mismatches = 0;
  const started = performance.now();
  for (const file of install.hashed) {
    const fd = openSync(join(install.root, file.path), 'r');
    let crc = 0;
    try {
      for (let position = 0; ;) {
        const read = readSync(fd, buffer, 0, WINDOW, position);
        if (read === 0) break;
        crc = kernel.kiCrc(buffer.subarray(0, read), crc);
        position += read;
        bytes += read;
      }
    } finally {
      closeSync(fd);
    }
    if (crc >>> 0 !== file.crc) mismatches++;
  }
  return { ms: performance.now() - started, bytes, mismatches };
}

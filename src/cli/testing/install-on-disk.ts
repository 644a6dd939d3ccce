/**
 * Generated game installs written to disk, for the CLI's tests, e2e and the bench: each file
 * of a plan (formats/dml/generate-install.ts) written a chunk at a time (a file of any size
 * is never held whole) with its KI-CRC computed on the way, then the `LatestFileList.bin`
 * that lists them.
 */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { kiCrcKernel } from '../../binary/ki-crc-wasm.ts';
import {
  INSTALL_CHUNK,
  fillInstallChunk,
  installPath,
  latestFileListOf,
  type InstallRecord,
} from '../../formats/dml/generate-install.ts';
import { writeDmlTables } from '../../formats/dml/write.ts';

/** Writes each planned file below `root` (by its install path); answers them with their KI-CRCs. */
export function writeInstallFiles(
  root: string,
  plan: readonly Omit<InstallRecord, 'crc'>[],
  onFile?: (done: number) => void,
): InstallRecord[] {
  const kernel = kiCrcKernel();
  const chunk = new Uint8Array(INSTALL_CHUNK);
  return plan.map((file, seed) => {
    const path = join(root, installPath(file));
    mkdirSync(dirname(path), { recursive: true });
    const handle = openSync(path, 'w');
    let crc = 0;
    try {
      for (let index = 0; index * INSTALL_CHUNK < file.size; index++) {
        const bytes = chunk.subarray(0, Math.min(INSTALL_CHUNK, file.size - index * INSTALL_CHUNK));
        fillInstallChunk(bytes, seed, index);
        crc = kernel.kiCrc(bytes, crc);
        writeSync(handle, bytes);
      }
    } finally {
      closeSync(handle);
    }
    onFile?.(seed + 1);
    return { ...file, crc: crc >>> 0 };
  });
}

/** The list of `records`, written to `path`. */
export function writeInstallList(path: string, records: readonly InstallRecord[]): Uint8Array {
  const bytes = writeDmlTables(latestFileListOf(records));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  return bytes;
}

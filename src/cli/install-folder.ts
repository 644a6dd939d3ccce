/**
 * A game folder as `verify-install` checks it: every file below it, by its path from the
 * folder (`/`-separated) and its size, with a byte source that opens the file for each read
 * and closes it again. Thousands of files are listed, so none is held open between reads
 * (the process would run out of file handles); a read is a window of megabytes, so the
 * opens cost nothing that shows. A folder or file that cannot be listed is a result of its
 * own (`error`), never the end of the walk.
 */
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { checkRange, type ByteSource } from '../binary/byte-source.ts';
import type { FolderFile } from '../formats/install-check.ts';
import { systemErrorText } from './open-session.ts';

/** Reads a file on disk by opening it for each read. */
export class PathByteSource implements ByteSource {
  constructor(
    private readonly path: string,
    readonly name: string,
    readonly size: number,
  ) {}

  async read(offset: number, length: number): Promise<Uint8Array> {
    checkRange(this, offset, length);
    let handle;
    try {
      handle = await open(this.path, 'r');
    } catch (error) {
      throw new Error(systemErrorText(error), { cause: error });
    }
    try {
      const buffer = new Uint8Array(length);
      let done = 0;
      while (done < length) {
        const { bytesRead } = await handle.read(buffer, done, length - done, offset + done);
        if (bytesRead === 0)
          throw new Error(`it ended at ${offset + done} bytes, not ${this.size}`);
        done += bytesRead;
      }
      return buffer;
    } finally {
      await handle.close().catch(() => {});
    }
  }
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/** Every file below `folder` (links are not followed), in name order per folder. */
export async function installFolderFiles(folder: string): Promise<FolderFile[]> {
  const files: FolderFile[] = [];
  const walk = async (absolute: string, relative: string): Promise<void> => {
    let entries;
    try {
      entries = (await readdir(absolute, { withFileTypes: true })).sort(byName);
    } catch (error) {
      files.push({ path: relative, size: 0, source: null, error: systemErrorText(error) });
      return;
    }
    for (const entry of entries) {
      const path = join(absolute, entry.name);
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        await walk(path, name);
      } else if (entry.isFile()) {
        try {
          const { size } = await stat(path);
          files.push({ path: name, size, source: new PathByteSource(path, entry.name, size) });
        } catch (error) {
          files.push({ path: name, size: 0, source: null, error: systemErrorText(error) });
        }
      }
    }
  };
  await walk(folder, '');
  return files;
}

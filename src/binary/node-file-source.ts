/**
 * ByteSource over a file on disk, for the Node CLI and benchmarks. Only Node code imports
 * this module; the web app never does.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import { checkRange, type ByteSource } from './byte-source.ts';

export class NodeFileSource implements ByteSource {
  private constructor(
    private readonly handle: FileHandle,
    readonly name: string,
    readonly size: number,
  ) {}

  static async open(path: string): Promise<NodeFileSource> {
    const handle = await open(path, 'r');
    const stats = await handle.stat();
    return new NodeFileSource(handle, basename(path), stats.size);
  }

  async read(offset: number, length: number): Promise<Uint8Array> {
    checkRange(this, offset, length);
    const buffer = new Uint8Array(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await this.handle.read(buffer, done, length - done, offset + done);
      if (bytesRead === 0) throw new RangeError(`${this.name} shrank while reading`);
      done += bytesRead;
    }
    return buffer;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

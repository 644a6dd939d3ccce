/**
 * What `info` prints for a file Delve does not recognise: its size and digests (CRC-32,
 * KI-CRC, MD5, SHA-1, SHA-256), read chunk by chunk. It has no nodes to list or extract.
 */
import { digestRange, hex32 } from '../../binary/hashes.ts';
import type { FormatCli } from '../model.ts';

export const rawCli: FormatCli = {
  async info({ session, source }) {
    const digests = await digestRange(source, 0, source.size);
    return {
      json: { format: session.format, name: source.name, size: source.size, digests },
      lines: [
        `file      ${source.name}`,
        `format    ${session.format} (not a known format)`,
        `size      ${source.size} bytes`,
        `crc32     ${hex32(digests.crc32)}`,
        `ki-crc    ${hex32(digests.kiCrc)}`,
        `md5       ${digests.md5}`,
        `sha1      ${digests.sha1}`,
        `sha256    ${digests.sha256}`,
      ],
    };
  },
};

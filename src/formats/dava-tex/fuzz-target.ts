/**
 * Texture descriptors as a fuzz target: the read path on mutated files and a rewrite of
 * whatever reads. Seeds: an editor descriptor (the full table), one with cube-face
 * extensions, and an exported one (the 3-byte export data).
 */
import { FormatError } from '../../binary/format-error.ts';
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import { davaTexSeeds } from './fixtures/make-fixtures.ts';
import { TEX_FORMAT } from './names.ts';
import { parseDavaTex } from './read.ts';
import { writeDavaTex } from './write.ts';

function parsed(bytes: Uint8Array) {
  const result = parseDavaTex(bytes);
  if (result.fatal?.code === 'INTERNAL') throw new Error(result.fatal.message);
  if (result.fatal) {
    throw new FormatError({
      code: result.fatal.code,
      offset: result.fatal.offset ?? 0,
      detail: result.fatal.message,
      format: TEX_FORMAT,
    });
  }
  return result.value;
}

export const davaTexFuzzTarget: FuzzTarget = {
  format: TEX_FORMAT,
  seeds: () => Promise.resolve(davaTexSeeds()),
  boundaries: (bytes) =>
    parseDavaTex(bytes).value.nodes.flatMap((node) => [
      node.span.offset,
      node.span.offset + node.span.length,
    ]),
  // The u32 fields of the table: sizes and checksums.
  numberFields: (bytes) =>
    parseDavaTex(bytes)
      .value.nodes.filter((node) => node.path.startsWith('compressions/'))
      .flatMap((node) => [2, 6, 10, 14].map((at) => node.span.offset + at)),
  rangeFields: () => [],
  // Async, so a refusal is a rejected promise as the fuzz suite expects, not a throw.
  async exercise(bytes) {
    const { descriptor, nodes } = parsed(bytes);
    for (const node of nodes) void node.fields.length;
    writeDavaTex(descriptor);
  },
  async roundTrip(bytes) {
    return writeDavaTex(parsed(bytes).descriptor);
  },
};

/**
 * The two-part format's samples and fuzz target. Samples come with their volumes (the
 * conformance suite opens them together); the fuzz target mutates the index alone.
 */
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { FormatError } from '../../binary/format-error.ts';
import type { Sample } from '../conformance/subjects.ts';
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import { inlineServices } from '../services.ts';
import {
  TWO_PART_ENTRY_FIELD as FIELD,
  TWO_PART_HEADER_LENGTH,
  TWO_PART_MIN_ENTRY_LENGTH,
} from './two-part-read.ts';
import { writeTwoPart, type TwoPartFiles } from './two-part-write.ts';
import { openTwoPartSession } from './two-part.ts';

const text = (value: string) => new TextEncoder().encode(value);

/** Two volumes, and a third the index names for no entry. */
export function twoPartSampleFiles(): TwoPartFiles[] {
  return [
    writeTwoPart([
      {
        name: 'data.001',
        files: [
          { name: 'docs/readme.txt', data: text('first volume, first file') },
          { name: 'docs/empty.txt', data: new Uint8Array(0) },
        ],
      },
      {
        name: 'data.002',
        files: [{ name: 'art/pixels.bin', data: new Uint8Array(300).map((_, i) => i * 7) }],
      },
    ]),
    writeTwoPart([
      { name: 'one.vol', files: [{ name: 'only.txt', data: text('only entry') }] },
      { name: 'spare.vol', files: [] },
    ]),
  ];
}

/** The samples as the conformance suite takes them: the index, then every volume. */
export function twoPartSamples(): Sample[] {
  return twoPartSampleFiles().map((files, index) => ({
    label: `two-part sample ${index}`,
    file: { name: `sample-${index}.twop`, bytes: files.index },
    companions: files.volumes,
  }));
}

/** Entry record starts of an index, walked leniently (a mutated index lies). */
function entryStarts(bytes: Uint8Array): number[] {
  if (bytes.length < TWO_PART_HEADER_LENGTH) return [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = TWO_PART_HEADER_LENGTH;
  for (let i = 0; i < Math.min(view.getUint32(4, true), 16) && at + 2 <= bytes.length; i++) {
    at += 2 + view.getUint16(at, true);
  }
  const starts: number[] = [];
  for (let i = 0; i < Math.min(view.getUint32(8, true), 64); i++) {
    if (at + TWO_PART_MIN_ENTRY_LENGTH > bytes.length) break;
    starts.push(at);
    at += TWO_PART_MIN_ENTRY_LENGTH + view.getUint16(at + FIELD.nameLength, true);
  }
  return starts;
}

export const twoPartFuzzTarget: FuzzTarget = {
  format: 'two-part',
  seeds: () => Promise.resolve(twoPartSampleFiles().map((files) => files.index)),
  boundaries: (bytes) => [0, 4, TWO_PART_HEADER_LENGTH, ...entryStarts(bytes), bytes.length],
  numberFields: (bytes) => [
    4,
    8,
    ...entryStarts(bytes).flatMap((start) => [
      start + FIELD.volume,
      start + FIELD.offset,
      start + FIELD.length,
    ]),
  ],
  rangeFields: (bytes) => entryStarts(bytes).map((start) => start + FIELD.offset),
  async exercise(bytes) {
    const session = await openTwoPartSession({
      sources: [new MemoryByteSource(bytes, 'fuzz.twop')],
      services: inlineServices(),
      sink: { nodes: () => undefined, nodeRange: () => undefined },
    });
    // Without its volumes every read fails, with a FormatError.
    for (let index = 0; index < session.nodeCount(); index++) {
      session.details(index);
      await session.content!.read(index).catch((error: unknown) => {
        if (!(error instanceof FormatError)) throw error;
      });
    }
    if (session.fatal) {
      const { code, offset, message } = session.fatal;
      throw new FormatError({ code, offset: offset ?? 0, detail: message, format: 'two-part' });
    }
  },
};

/**
 * Geometry files as a fuzz target (src/formats/fuzz): the session's read path on mutated
 * files — the walk, every node's details, cells and view answer, the exports, and a
 * re-write of whatever parsed. Seeds are our writer's files: one triangle, several groups
 * of every kind of vertex the fixtures cover, and a file with no groups.
 */
import { exerciseKaTreeSession } from '../ka/exercise-session.ts';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import type { KaArchive } from '../ka/types.ts';
import { inlineServices } from '../services.ts';
import { validScgFiles } from './fixtures/make-fixtures.ts';
import { parseScg, readScg, SCG_FORMAT } from './read.ts';
import { openScgSession } from './session.ts';
import { SCG_HEADER_SIZE } from './types.ts';
import { writeScg } from './write.ts';

interface Layout {
  boundaries: number[];
  numbers: number[];
}

function layoutOf(bytes: Uint8Array): Layout {
  const layout: Layout = { boundaries: [0, 4, 8, 12, SCG_HEADER_SIZE], numbers: [4, 8, 12] };
  const visit = (archive: KaArchive) => {
    const span = archive.span;
    if (!span) return;
    layout.boundaries.push(span.offset, span.offset + span.length);
    layout.numbers.push(span.offset + 4);
    for (const entry of archive.entries) {
      if (!entry.span || !entry.valueSpan) continue;
      layout.boundaries.push(entry.span.offset, entry.valueSpan.offset);
      // Key lengths, and the counts, formats and array lengths of the values.
      layout.numbers.push(entry.span.offset + 1, entry.valueSpan.offset + 1);
    }
  };
  parseScg(bytes).value.groups.forEach(visit);
  return layout;
}

export const scgFuzzTarget: FuzzTarget = {
  format: SCG_FORMAT,
  seeds: () => Promise.resolve(Object.values(validScgFiles()).map((file) => writeScg(file))),
  boundaries: (bytes) => layoutOf(bytes).boundaries,
  numberFields: (bytes) => layoutOf(bytes).numbers,
  rangeFields: () => [],
  async exercise(bytes) {
    const noSink = { nodes: () => undefined, nodeRange: () => undefined };
    const session = await openScgSession({
      sources: [new MemoryByteSource(bytes, 'fuzz.scg')],
      services: inlineServices(),
      sink: noSink,
    });
    await exerciseKaTreeSession(session, SCG_FORMAT);
    writeScg(parseScg(bytes).value, { keepOrder: true });
  },
  roundTrip(bytes) {
    try {
      return Promise.resolve(writeScg(readScg(bytes).value, { keepOrder: true }));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  },
};

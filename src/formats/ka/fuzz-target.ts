/**
 * KA as a fuzz target (src/formats/fuzz): the session's read path on mutated archives —
 * the streamed walk, every node's details, cells and view answer, the exports, and a
 * re-write of whatever parsed. Seeds are our writer's v1 archive of every type, a v2 top
 * archive (string table, sub and empty children, an array of archives, ids, a v1 archive
 * inside), and the 4-byte v2 empty archive.
 */
import { exerciseKaTreeSession } from './exercise-session.ts';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { FormatError } from '../../binary/format-error.ts';
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import { inlineServices } from '../services.ts';
import { validKaModels } from './fixtures/make-fixtures.ts';
import { isStringType } from './read-value.ts';
import { KA_FORMAT, parseKa } from './read.ts';
import { openKaSession } from './session.ts';
import { KaType, type KaArchive, type KaValue } from './types.ts';
import { writeKa } from './write.ts';

interface Layout {
  /** Starts and ends of archives, pairs and elements. */
  boundaries: number[];
  /** Offsets of u32 counts and lengths. */
  numbers: number[];
  /** Offsets of nested archive lengths. */
  lengths: number[];
}

function layoutOf(bytes: Uint8Array): Layout {
  const layout: Layout = { boundaries: [0, 4], numbers: [], lengths: [] };
  const { value } = parseKa(bytes);
  const visitValue = (item: KaValue, start: number, isRegistry: boolean) => {
    const body = start + 1;
    if (item.kind === 'archive') {
      layout.lengths.push(body);
      layout.numbers.push(body);
      visitArchive(item.archive);
    } else if (item.kind === 'array') {
      layout.numbers.push(body);
      for (const element of item.items) {
        if (element.span) {
          layout.boundaries.push(element.span.offset, element.span.offset + element.span.length);
          visitValue(element.value, element.span.offset, isRegistry);
        }
      }
    } else if (item.type === KaType.BYTE_ARRAY || (!isRegistry && isStringType(item.type))) {
      layout.numbers.push(body);
    }
  };
  const visitArchive = (archive: KaArchive) => {
    const span = archive.span;
    if (!span) return;
    layout.boundaries.push(span.offset, span.offset + span.length);
    if (archive.kind === 'top') layout.numbers.push(span.offset + 4);
    for (const entry of archive.entries) {
      if (!entry.span || !entry.valueSpan) continue;
      layout.boundaries.push(entry.span.offset, entry.valueSpan.offset);
      if (entry.key.kind === 'text') layout.numbers.push(entry.span.offset + 1);
      visitValue(entry.value, entry.valueSpan.offset, archive.kind !== 'v1');
    }
    const first = archive.entries[0]?.span;
    if (first) layout.numbers.push(first.offset - 4);
  };
  visitArchive(value.root);
  return layout;
}

export const kaFuzzTarget: FuzzTarget = {
  format: KA_FORMAT,
  seeds: () => Promise.resolve(Object.values(validKaModels()).map((model) => writeKa(model))),
  boundaries: (bytes) => layoutOf(bytes).boundaries,
  numberFields: (bytes) => layoutOf(bytes).numbers,
  rangeFields: (bytes) => layoutOf(bytes).lengths,
  async exercise(bytes) {
    const noSink = { nodes: () => undefined, nodeRange: () => undefined };
    const session = await openKaSession({
      sources: [new MemoryByteSource(bytes, 'fuzz.ka')],
      services: inlineServices(),
      sink: noSink,
    });
    await exerciseKaTreeSession(session, KA_FORMAT);
    // Whatever parses can be written again.
    writeKa(parseKa(bytes).value, { keepOrder: true });
  },
  roundTrip(bytes) {
    const { value, fatal } = parseKa(bytes);
    if (fatal) {
      return Promise.reject(
        new FormatError({
          code: fatal.code,
          offset: fatal.offset ?? 0,
          detail: fatal.message,
          format: KA_FORMAT,
        }),
      );
    }
    return Promise.resolve(writeKa(value, { keepOrder: true }));
  },
};

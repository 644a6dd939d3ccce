/**
 * Scenes as a fuzz target (src/formats/fuzz): the session's read path on mutated scenes —
 * the walk, every node's details, cells and view answer, the exports, and a re-write of
 * whatever parsed. Seeds are our writer's classic scenes (with and without a global
 * material, nested entities), Blitz scenes, and the undocumented 27 and 28 in each layout.
 */
import { exerciseKaTreeSession } from '../ka/exercise-session.ts';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { FormatError } from '../../binary/format-error.ts';
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import type { KaArchive } from '../ka/types.ts';
import { inlineServices } from '../services.ts';
import { validSc2Scenes } from './fixtures/make-fixtures.ts';
import { parseSc2, SC2_FORMAT } from './read.ts';
import { openSc2Session } from './session.ts';
import type { Sc2Entity } from './types.ts';
import { writeSc2 } from './write.ts';

interface Layout {
  boundaries: number[];
  numbers: number[];
}

function layoutOf(bytes: Uint8Array): Layout {
  const layout: Layout = { boundaries: [0, 4, 8, 12], numbers: [4, 8] };
  const { value } = parseSc2(bytes);
  const visit = (archive: KaArchive | null) => {
    const span = archive?.span;
    if (!span) return;
    layout.boundaries.push(span.offset, span.offset + span.length);
    layout.numbers.push(span.offset + 4);
    for (const entry of archive.entries) {
      if (entry.valueSpan) layout.numbers.push(entry.valueSpan.offset + 1);
    }
  };
  visit(value.versionTags);
  const tagsEnd = value.versionTags?.span
    ? value.versionTags.span.offset + value.versionTags.span.length
    : 12;
  if (value.descriptor) layout.numbers.push(tagsEnd);
  const body = value.body;
  if (body.layout === 'blitz') visit(body.scene);
  else {
    const first = body.dataNodes[0]?.span;
    if (first) layout.numbers.push(first.offset - 4);
    body.dataNodes.forEach(visit);
    visit(body.globalMaterial);
    const pending: Sc2Entity[] = [...body.entities];
    for (let next = pending.pop(); next; next = pending.pop()) {
      visit(next.archive);
      pending.push(...next.children);
    }
  }
  return layout;
}

function thrown(fatal: NonNullable<ReturnType<typeof parseSc2>['fatal']>): FormatError {
  return new FormatError({
    code: fatal.code,
    offset: fatal.offset ?? 0,
    detail: fatal.message,
    format: SC2_FORMAT,
  });
}

export const sc2FuzzTarget: FuzzTarget = {
  format: SC2_FORMAT,
  seeds: () => Promise.resolve(Object.values(validSc2Scenes()).map((scene) => writeSc2(scene))),
  boundaries: (bytes) => layoutOf(bytes).boundaries,
  numberFields: (bytes) => layoutOf(bytes).numbers,
  rangeFields: () => [],
  async exercise(bytes) {
    const noSink = { nodes: () => undefined, nodeRange: () => undefined };
    const session = await openSc2Session({
      sources: [new MemoryByteSource(bytes, 'fuzz.sc2')],
      services: inlineServices(),
      sink: noSink,
    });
    await exerciseKaTreeSession(session, SC2_FORMAT);
    writeSc2(parseSc2(bytes).value, { keepOrder: true });
  },
  roundTrip(bytes) {
    const { value, fatal } = parseSc2(bytes);
    if (fatal) return Promise.reject(thrown(fatal));
    return Promise.resolve(writeSc2(value, { keepOrder: true }));
  },
};

/**
 * WWD as a fuzz target (src/formats/fuzz): the level read path of the app and CLI on
 * mutated levels — parse, document nodes, and a re-save of whatever parsed. Seeds are our
 * tiny level uncompressed (so mutations reach the structure: in L, file offsets are L
 * offsets) and compressed (the zlib path).
 */
import { FormatError } from '../../binary/format-error.ts';
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import { wwdDocumentNodes } from './document.ts';
import { tinyWwdLevel } from './fixtures/make-fixtures.ts';
import {
  WWD_HEADER_FIELD as HEADER,
  WWD_HEADER_SIZE,
  WWD_OBJECT_FIXED_SIZE,
  WWD_PLANE_FIELD as PLANE,
  WWD_PLANE_HEADER_SIZE,
  parseWwd,
} from './read.ts';
import { writeWwd } from './write.ts';

interface Layout {
  planes: number[];
  /** Starts of the grids, image-set names and objects runs. */
  sections: number[];
  objects: number[];
  table: number | null;
}

/** Section starts of an uncompressed level, walked leniently (a mutated level lies). */
function layoutOf(bytes: Uint8Array): Layout {
  const layout: Layout = { planes: [], sections: [], objects: [], table: null };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (at: number) => (at >= 0 && at + 4 <= bytes.length ? view.getUint32(at, true) : 0);
  if (bytes.length < WWD_HEADER_SIZE || (u32(HEADER.flags) & 2) !== 0) return layout;
  const planesOffset = u32(HEADER.planesOffset);
  for (let index = 0; index < Math.min(u32(HEADER.planeCount), 8); index++) {
    const start = planesOffset + index * WWD_PLANE_HEADER_SIZE;
    if (start + WWD_PLANE_HEADER_SIZE > bytes.length) break;
    layout.planes.push(start);
    for (const field of ['tilesOffset', 'imageSetsOffset', 'objectsOffset'] as const) {
      const offset = u32(start + PLANE[field]);
      if (offset > 0 && offset <= bytes.length) layout.sections.push(offset);
    }
    let at = u32(start + PLANE.objectsOffset);
    for (let object = 0; object < Math.min(u32(start + PLANE.objectCount), 16); object++) {
      if (at + WWD_OBJECT_FIXED_SIZE > bytes.length) break;
      layout.objects.push(at);
      at += WWD_OBJECT_FIXED_SIZE + u32(at + 4) + u32(at + 8) + u32(at + 12) + u32(at + 16);
    }
  }
  const table = u32(HEADER.tileDescriptionsOffset);
  if (table + 32 <= bytes.length) layout.table = table;
  return layout;
}

export const wwdFuzzTarget: FuzzTarget = {
  format: 'wwd',
  seeds: () =>
    Promise.resolve([
      writeWwd(tinyWwdLevel(), { compress: false }),
      writeWwd(tinyWwdLevel(), { compress: true }),
    ]),
  boundaries(bytes) {
    const { planes, sections, objects, table } = layoutOf(bytes);
    const planeEnds = planes.map((start) => start + WWD_PLANE_HEADER_SIZE);
    const tableStart = table === null ? [] : [table, table + 32];
    return [0, WWD_HEADER_SIZE, ...planes, ...planeEnds, ...sections, ...objects, ...tableStart];
  },
  numberFields(bytes) {
    const { planes, objects, table } = layoutOf(bytes);
    const fields: number[] = [HEADER.planeCount, HEADER.planesOffset, HEADER.mainBlockLength];
    fields.push(HEADER.tileDescriptionsOffset);
    for (const start of planes) {
      for (const field of ['tilesWide', 'tilesHigh', 'imageSetCount', 'objectCount'] as const) {
        fields.push(start + PLANE[field]);
      }
    }
    for (const start of objects) fields.push(start + 4, start + 8, start + 12, start + 16);
    if (table !== null) fields.push(table + 8, table + 32, table + 40, table + 44);
    return fields;
  },
  rangeFields(bytes) {
    const { planes } = layoutOf(bytes);
    return planes.flatMap((start) => [
      start + PLANE.tilesOffset,
      start + PLANE.imageSetsOffset,
      start + PLANE.objectsOffset,
    ]);
  },
  async exercise(bytes) {
    const result = await parseWwd(bytes);
    // INTERNAL means the reader met something other than a FormatError: a bug.
    if (result.fatal?.code === 'INTERNAL') throw new Error(result.fatal.message);
    // Every node's fields too (made when first read, as a selection reads them).
    for (const node of wwdDocumentNodes(result.value)) void node.fields.length;
    if (result.fatal) {
      throw new FormatError({
        code: result.fatal.code,
        offset: result.fatal.offset ?? 0,
        detail: result.fatal.message,
        format: 'wwd',
      });
    }
    // Whatever parses can be saved again (the editor flow): the writer must not refuse it.
    writeWwd(result.value);
  },
  async roundTrip(bytes) {
    const { value, fatal } = await parseWwd(bytes);
    if (fatal) {
      throw new FormatError({
        code: fatal.code,
        offset: fatal.offset ?? 0,
        detail: fatal.message,
        format: 'wwd',
      });
    }
    // Compressed or not as the header's flags say, at the writer's zlib level.
    return writeWwd(value);
  },
};

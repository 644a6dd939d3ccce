/**
 * Comparing two levels (compare/diff-sessions.ts over WWD sessions): objects are matched by
 * their plane, logic and id, not by where they sit in the file, so a level saved again with
 * its objects in another order compares as the same level. Real levels are read in place
 * from ../shared/fixtures/wwd (skipped when absent).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { diffSessions } from '../../compare/diff-sessions.ts';
import type { DiffRow } from '../../compare/types.ts';
import type { OpenSink, Session } from '../model.ts';
import { inlineServices } from '../services.ts';
import { draftWwdLevel, draftWwdObject, draftWwdPlane } from './draft.ts';
import { parseWwd } from './read.ts';
import { openWwdSession } from './session.ts';
import type { WwdLevelInput, WwdObjectInput } from './types.ts';
import { writeWwd } from './write.ts';

const realDir = fileURLToPath(new URL('../../../../shared/fixtures/wwd/', import.meta.url));
const hasReal = existsSync(realDir);
const loadReal = (name: string) => new Uint8Array(readFileSync(realDir + name));

const NO_SINK: OpenSink = { nodes: () => undefined, nodeRange: () => undefined };

function openLevel(bytes: Uint8Array, name: string): Promise<Session> {
  return openWwdSession({
    sources: [new MemoryByteSource(bytes, name)],
    services: inlineServices(),
    sink: NO_SINK,
  });
}

const pathsWith = (rows: readonly DiffRow[], status: DiffRow['status']) =>
  rows.filter((row) => row.status === status).map((row) => row.path);

/** Rows of object nodes: the nodes below a plane's `Objects/<logic>` group. */
const objectRows = (rows: readonly DiffRow[]) =>
  rows.filter((row) => /^Planes\/[^/]+\/Objects\/[^/]+\/[^/]+$/.test(row.path));

describe('diff of two levels', () => {
  const rat = (fields: Partial<WwdObjectInput>) => draftWwdObject({ logic: 'Rat', ...fields });
  const objects = [
    rat({ id: 10, x: 100, y: 200 }),
    rat({ id: 11, x: 300, y: 200 }),
    draftWwdObject({ id: 12, logic: 'Elevator', x: 400, y: 80 }),
    // Ids repeat in real levels (RETAIL01 has such a pair): the n-th with the n-th.
    rat({ id: 13, x: 500, y: 200 }),
    rat({ id: 13, x: 600, y: 200 }),
  ];
  const levelWith = (list: WwdObjectInput[]): WwdLevelInput =>
    draftWwdLevel({
      planes: [draftWwdPlane({ tilesWide: 2, tilesHigh: 2, flags: 1, objects: list })],
    });

  it('matches objects by plane, logic and id: one moved in order, one changed', async () => {
    const before = writeWwd(levelWith(objects));
    // The first object moves to the end; the Elevator moves.
    const reordered = [
      objects[1]!,
      { ...objects[2]!, x: 404 },
      objects[3]!,
      objects[4]!,
      objects[0]!,
    ];
    const after = writeWwd(levelWith(reordered));
    const diff = await diffSessions(
      await openLevel(before, 'before.wwd'),
      await openLevel(after, 'after.wwd'),
    );
    expect(diff.counts.added).toBe(0);
    expect(diff.counts.removed).toBe(0);
    expect(pathsWith(objectRows(diff.rows), 'changed')).toEqual([
      'Planes/Action/Objects/Elevator/id 12',
    ]);
    expect(objectRows(diff.rows)).toHaveLength(objects.length);
    // Besides the object: the objects block (its records in another order) and the header
    // (its checksum covers the main block).
    expect(pathsWith(diff.rows, 'changed').sort()).toEqual([
      'Header',
      'Planes/Action/Objects',
      'Planes/Action/Objects/Elevator/id 12',
    ]);
  });

  it('keeps repeated ids one to one, by their order in the group', async () => {
    const swapped = [...objects.slice(0, 3), objects[4]!, objects[3]!];
    const diff = await diffSessions(
      await openLevel(writeWwd(levelWith(objects)), 'before.wwd'),
      await openLevel(writeWwd(levelWith(swapped)), 'after.wwd'),
    );
    expect(diff.counts.added).toBe(0);
    expect(diff.counts.removed).toBe(0);
    const rows = objectRows(diff.rows);
    expect(new Set(rows.map((row) => row.path)).size).toBe(objects.length);
    // The two id-13 Rats traded places: the first of the one is the first of the other.
    expect(pathsWith(rows, 'changed').sort()).toEqual([
      'Planes/Action/Objects/Rat/id 13',
      'Planes/Action/Objects/Rat/id 13 #2',
    ]);
  });

  it('keeps tree paths as they were: objects by their index in the file', async () => {
    const session = await openLevel(writeWwd(levelWith(objects)), 'level.wwd');
    const table = session.nodeTable();
    const paths = Array.from({ length: session.nodeCount() }, (_, index) => table.path(index));
    expect(paths).toContain('Planes/Action/Objects/Rat/obj 0');
    expect(paths).toContain('Planes/Action/Objects/Elevator/obj 2');
    expect(paths).toContain('Planes/Action/Objects/Rat/obj 4');
  });
});

describe.skipIf(!hasReal)(
  `RETAIL01 compressed against uncompressed${hasReal ? '' : ' (skipped: ../shared/fixtures/wwd not found)'}`,
  () => {
    it('finds every object in both, and only the header and the object block changed', async () => {
      const compressed = loadReal('RETAIL01.WWD');
      const plain = loadReal('RETAIL01_nocompress.WWD');
      const diff = await diffSessions(
        await openLevel(compressed, 'RETAIL01.WWD'),
        await openLevel(plain, 'RETAIL01_nocompress.WWD'),
      );
      expect(diff.counts.added).toBe(0);
      expect(diff.counts.removed).toBe(0);
      expect(objectRows(diff.rows)).toHaveLength(1479);
      expect(pathsWith(objectRows(diff.rows), 'changed')).toEqual([]);
      // What legitimately differs, read with the reader: the uncompressed copy was saved
      // again by an editor. Its header has the compressed flag off, a main block length of 0,
      // another checksum (of other stored bytes) and another birth date ("July 9, 2014",
      // not "October 28, 1997"); and it stores the Action plane's 1,479 objects in another
      // order (221 at the same position), so the bytes of that plane's object block differ.
      // Every object, plane header, tile grid, image set and tile property is the same.
      expect(pathsWith(diff.rows, 'changed').sort()).toEqual(['Header', 'Planes/Action/Objects']);
      const [left, right] = await Promise.all([parseWwd(compressed), parseWwd(plain)]);
      expect(left.value.header.birth).toBe('October 28, 1997');
      expect(right.value.header.birth).toBe('July 9, 2014');
      const order = (level: typeof left.value) =>
        level.planes[1]!.objects.map((object) => `${object.logic} ${object.id}`);
      expect(order(left.value)).not.toEqual(order(right.value));
      expect([...order(left.value)].sort()).toEqual([...order(right.value)].sort());
    });
  },
);

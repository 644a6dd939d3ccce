/**
 * Real levels from ../shared/fixtures/wwd (read in place, never copied; skipped with a
 * reason when the folder is absent). The numbers are what the parse gives, cross-checked
 * with spec §12 where it states them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import type { OpenSink, Session } from '../model.ts';
import { inlineServices } from '../services.ts';
import { wwdDocumentNodes } from './document.ts';
import { parseWwd } from './read.ts';
import { openWwdSession } from './session.ts';
import type { WwdEncoding, WwdLevel } from './types.ts';
import { layoutWwd, writeWwd } from './write.ts';

const realDir = fileURLToPath(new URL('../../../../shared/fixtures/wwd/', import.meta.url));
const hasReal = existsSync(realDir);
const load = (name: string) => new Uint8Array(readFileSync(realDir + name));
const NO_SINK: OpenSink = { nodes: () => undefined, nodeRange: () => undefined };
const openLevel = (name: string): Promise<Session> =>
  openWwdSession({
    sources: [new MemoryByteSource(load(name), name)],
    services: inlineServices(),
    sink: NO_SINK,
  });

interface PlaneFacts {
  name: string;
  tilesWide: number;
  tilesHigh: number;
  tileWidth: number;
  tileHeight: number;
  objectCount: number;
  zCoord: number;
  flags: number;
  imageSets: string[];
}
interface LevelFacts {
  file: string;
  encoding: WwdEncoding;
  fileSize: number;
  isCompressed: boolean;
  storedMainBlockLength: number;
  mainBlockLength: number;
  checksum: number;
  inflatedByte: number;
  start: [number, number];
  planes: PlaneFacts[];
  /** [single, double, mask] tile-property records. */
  tileProperties: [number, number, number];
  firstObject: { id: number; logic: string; imageSet: string; x: number; y: number };
}

const claw = (
  name: string,
  tilesWide: number,
  tilesHigh: number,
  objectCount: number,
  zCoord: number,
  flags: number,
  imageSet: string,
): PlaneFacts => ({
  name,
  tilesWide,
  tilesHigh,
  tileWidth: 64,
  tileHeight: 64,
  objectCount,
  zCoord,
  flags,
  imageSets: [imageSet],
});

const LEVELS: LevelFacts[] = [
  {
    file: 'RETAIL01.WWD',
    encoding: 'cp1252',
    fileSize: 27225,
    isCompressed: true,
    storedMainBlockLength: 25701,
    mainBlockLength: 647102,
    checksum: 3967964812,
    inflatedByte: 255,
    start: [689, 4723],
    planes: [
      claw('Background', 24, 24, 0, -999, 0x0c, 'BACK'),
      claw('Action', 384, 96, 1479, 0, 0x01, 'ACTION'),
      claw('Front', 24, 120, 0, 9000, 0x04, 'FRONT'),
    ],
    tileProperties: [905, 33, 0],
    firstObject: { id: 179, logic: 'Rat', imageSet: 'LEVEL_RAT', x: 5377, y: 4374 },
  },
  {
    file: 'RETAIL01_nocompress.WWD',
    encoding: 'cp1252',
    fileSize: 648626,
    isCompressed: false,
    storedMainBlockLength: 647102,
    mainBlockLength: 0,
    checksum: 1118092995,
    inflatedByte: 0,
    start: [689, 4723],
    planes: [
      claw('Background', 24, 24, 0, -999, 0x0c, 'BACK'),
      claw('Action', 384, 96, 1479, 0, 0x01, 'ACTION'),
      claw('Front', 24, 120, 0, 9000, 0x04, 'FRONT'),
    ],
    tileProperties: [905, 33, 0],
    firstObject: { id: 179, logic: 'Rat', imageSet: 'LEVEL_RAT', x: 5377, y: 4374 },
  },
  {
    file: 'RETAIL02.WWD',
    encoding: 'cp1252',
    fileSize: 23777,
    isCompressed: true,
    storedMainBlockLength: 22253,
    mainBlockLength: 511054,
    checksum: 4050241554,
    inflatedByte: 255,
    start: [420, 4789],
    planes: [
      claw('Background', 24, 50, 0, -999, 0x0c, 'BACK'),
      claw('Action', 384, 96, 1058, 0, 0x01, 'ACTION'),
      claw('Front', 24, 120, 0, 9000, 0x04, 'FRONT'),
    ],
    tileProperties: [439, 73, 0],
    firstObject: { id: 0, logic: 'Elevator', imageSet: 'LEVEL_ELEVATOR', x: 965, y: 4805 },
  },
  {
    file: 'RETAIL03_nocompress.WWD',
    encoding: 'cp1252',
    fileSize: 1078867,
    isCompressed: false,
    storedMainBlockLength: 1077343,
    mainBlockLength: 0,
    checksum: 3934318592,
    inflatedByte: 0,
    start: [4600, 6270],
    planes: [
      claw('Background', 24, 100, 0, -999, 0x04, 'BACK'),
      claw('Action', 768, 192, 1379, 0, 0x01, 'ACTION'),
      claw('Front', 24, 240, 0, 9000, 0x04, 'FRONT'),
    ],
    tileProperties: [856, 74, 0],
    firstObject: {
      id: 15,
      logic: 'CrumblingPeg',
      imageSet: 'LEVEL_CRUMBLINPEG2',
      x: 6275,
      y: 6880,
    },
  },
  {
    file: 'Bushy.wwd',
    encoding: 'cp1250',
    fileSize: 12232,
    isCompressed: true,
    storedMainBlockLength: 10708,
    mainBlockLength: 301875,
    checksum: 4238992295,
    inflatedByte: 255,
    start: [1400, 6350],
    planes: [
      claw('Tło', 24, 100, 0, -9500, 0x04, 'BACK'),
      claw('Tło 2', 15, 10, 0, -5000, 0x0c, 'ACTION'),
      claw('Akcja', 204, 152, 464, 0, 0x01, 'FRONT'),
    ],
    tileProperties: [845, 85, 0],
    firstObject: {
      id: 11,
      logic: 'BehindCandy',
      imageSet: 'LEVEL_STARTSKULLPOST',
      x: 1460,
      y: 6351,
    },
  },
  {
    file: 'GRUNTZREZ_AREA8_WORLDZ_LEVEL29.WWD',
    encoding: 'cp1252',
    fileSize: 19449,
    isCompressed: true,
    storedMainBlockLength: 17925,
    mainBlockLength: 304869,
    checksum: 4136683663,
    inflatedByte: 1,
    start: [2350, 2350],
    planes: [
      { ...claw('Back', 80, 80, 0, 0, 0x0c, 'BACK'), tileWidth: 32, tileHeight: 32 },
      { ...claw('Action', 80, 80, 740, 0, 0x01, 'ACTION'), tileWidth: 32, tileHeight: 32 },
    ],
    tileProperties: [910, 0, 0],
    firstObject: {
      id: 19267,
      logic: 'GruntStartingPoint',
      imageSet: 'GAME_WAPWORLDONLY_TRIGGER',
      x: 2417,
      y: 2308,
    },
  },
];

/** Typed arrays as base64: vitest's deep equality walks them element by element, slowly. */
const packed = (array: Uint32Array | Uint8Array) =>
  Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('base64');
const sameBytes = (left: Uint8Array, right: Uint8Array) =>
  Buffer.from(left.buffer, left.byteOffset, left.byteLength).equals(
    Buffer.from(right.buffer, right.byteOffset, right.byteLength),
  );

/** The parts of a level a re-save changes when the zlib stream differs. */
function withoutStorage(level: WwdLevel) {
  return {
    ...level,
    planes: level.planes.map((plane) => ({ ...plane, tiles: packed(plane.tiles) })),
    header: { ...level.header, checksum: 0 },
    checksum: null,
    storedMainBlockLength: 0,
    fileSize: 0,
    logical: null,
  };
}

describe.skipIf(!hasReal)(
  `real levels${hasReal ? '' : ' (skipped: ../shared/fixtures/wwd not found)'}`,
  () => {
    it.each(LEVELS.map((facts) => [facts.file, facts] as const))(
      '%s parses with the expected planes, objects, tile properties and checksum',
      async (file, facts) => {
        const { value, issues, fatal } = await parseWwd(load(file), { encoding: facts.encoding });
        expect(fatal).toBeNull();
        expect(issues).toEqual([]);
        expect(value).toMatchObject({
          fileSize: facts.fileSize,
          isCompressed: facts.isCompressed,
          storedMainBlockLength: facts.storedMainBlockLength,
          trailingData: null,
        });
        expect(value.header).toMatchObject({
          headerSize: 0x5f4,
          flags: facts.isCompressed ? 3 : 1,
          mainBlockLength: facts.mainBlockLength,
          planeCount: facts.planes.length,
          planesOffset: 0x5f4,
          startX: facts.start[0],
          startY: facts.start[1],
        });
        expect(value.logical.length).toBe(
          facts.isCompressed ? 1524 + facts.mainBlockLength : facts.fileSize,
        );
        expect(value.checksum).toEqual({
          stored: facts.checksum,
          computed: facts.checksum,
          match: true,
          inflatedByte: facts.inflatedByte,
          computedWithoutInflatedByte: facts.checksum - facts.inflatedByte,
        });
        expect(
          value.planes.map((plane) => ({
            name: plane.name,
            tilesWide: plane.tilesWide,
            tilesHigh: plane.tilesHigh,
            tileWidth: plane.tileWidth,
            tileHeight: plane.tileHeight,
            objectCount: plane.objects.length,
            zCoord: plane.zCoord,
            flags: plane.flags,
            imageSets: plane.imageSets,
          })),
        ).toEqual(facts.planes);
        for (const plane of value.planes) {
          expect(plane.tiles).toHaveLength(plane.tilesWide * plane.tilesHigh);
          expect(plane.objectCount).toBe(plane.objects.length);
        }
        const records = value.tileProperties!.records;
        const kinds = (kind: string) => records.filter((record) => record.kind === kind).length;
        expect([kinds('single'), kinds('double'), kinds('mask')]).toEqual(facts.tileProperties);
        expect(value.tileProperties!.count).toBe(records.length);
        const table = value.tileProperties!.span;
        expect(table.offset + table.length).toBe(value.logical.length);
        const main = value.planes.find((plane) => plane.flags & 1)!;
        expect(main.objects[0]).toMatchObject({ ...facts.firstObject, i: -1 });
      },
    );

    it('RETAIL01 header strings and the first object of spec §12', async () => {
      const { value } = await parseWwd(load('RETAIL01.WWD'));
      expect(value.header).toMatchObject({
        name: 'Claw - Level 1',
        author: 'Monolith Productions Inc.',
        birth: 'October 28, 1997',
        rezFile: '..\\CLAW.REZ',
        imageDir: '\\LEVEL1\\TILES',
        palRez: '\\LEVEL1\\PALETTES\\MAIN.PAL',
        launchApp: '..\\CLAW.EXE',
        imageSets: ['LEVEL1\\IMAGES', 'GAME\\IMAGES', '', ''],
        prefixes: ['LEVEL', 'GAME', '', ''],
      });
      expect(value.planes[1]!.objects[0]).toMatchObject({ z: 0, name: '', animation: '' });
      expect(value.planes[1]!.moveXPercent).toBe(100);
      expect([value.planes[2]!.moveXPercent, value.planes[2]!.moveYPercent]).toEqual([150, 125]);
      expect([...value.logical.subarray(0, 4)]).toEqual([0xf4, 0x05, 0, 0]);
      expect([...load('RETAIL01.WWD').subarray(1524, 1526)]).toEqual([0x78, 0x9c]);
    });

    it('RETAIL01_nocompress: tile properties at 629,174; property #74 is double', async () => {
      const { value } = await parseWwd(load('RETAIL01_nocompress.WWD'));
      expect(value.header.tileDescriptionsOffset).toBe(629174);
      expect(value.header.birth).toBe('July 9, 2014');
      expect(value.tileProperties!.records[74]).toMatchObject({
        kind: 'double',
        width: 64,
        height: 64,
        outside: 1,
        inside: 0,
        rect: { left: 0, top: 0, right: 39, bottom: 54 },
      });
    });

    it('RETAIL02: imageDir without a leading backslash, 744 fill cells of colour 197', async () => {
      const { value } = await parseWwd(load('RETAIL02.WWD'));
      expect(value.header.imageDir).toBe('LEVEL2\\TILES');
      const background = value.planes[0]!;
      expect(background.fillColor).toBe(197);
      expect(background.tiles.filter((tile) => tile === 0xeeeeeeee)).toHaveLength(744);
    });

    it('RETAIL03: action fill colour 255, header image sets GAME/LEVEL3', async () => {
      const { value } = await parseWwd(load('RETAIL03_nocompress.WWD'));
      expect(value.planes[1]!.fillColor).toBe(255);
      expect(value.header.imageSets.slice(0, 2)).toEqual(['GAME_IMAGES', 'LEVEL3_IMAGES']);
    });

    it('Gruntz AREA8 L29: name, imageDir, empty palRez', async () => {
      const { value } = await parseWwd(load('GRUNTZREZ_AREA8_WORLDZ_LEVEL29.WWD'));
      expect(value.header).toMatchObject({
        name: 'Gruntz - Level Set 29',
        imageDir: '\\AREA8\\TILEZ',
        palRez: '',
      });
    });

    it('Bushy.wwd plane names: cp1250 "Tło" with the option, cp1252 "T³o" by default', async () => {
      const bytes = load('Bushy.wwd');
      const polish = (await parseWwd(bytes, { encoding: 'cp1250' })).value;
      const western = (await parseWwd(bytes)).value;
      expect(polish.planes.map((plane) => plane.name)).toEqual(['Tło', 'Tło 2', 'Akcja']);
      expect(western.planes.map((plane) => plane.name)).toEqual(['T³o', 'T³o 2', 'Akcja']);
      expect(western.encoding).toBe('cp1252');
      expect(polish.header.author).toBe('Piotrek');
      expect(polish.planes.findIndex((plane) => plane.flags & 1)).toBe(2);
      expect(polish.header.unknown2D8).toBe(2);
    });

    it('RETAIL01_badsig.WWD fails with a clear header error at offset 0', async () => {
      const { value, fatal } = await parseWwd(load('RETAIL01_badsig.WWD'));
      expect(fatal).toMatchObject({
        code: 'BAD_MAGIC',
        offset: 0,
        format: 'wwd',
        path: 'header.headerSize',
      });
      expect(fatal!.message).toContain('0xADBA');
      expect(value.planes).toEqual([]);
    });

    it.each(LEVELS.map((facts) => [facts.file, facts] as const))(
      '%s round-trips: parse(write(parse(f))) == parse(f)',
      async (file, facts) => {
        const bytes = load(file);
        const first = await parseWwd(bytes, { encoding: facts.encoding });
        const written = writeWwd(first.value);
        const second = await parseWwd(written, { encoding: facts.encoding });
        expect(second.fatal).toBeNull();
        expect(second.issues).toEqual([]);
        expect(second.value.checksum?.match).toBe(true);
        expect(withoutStorage(second.value)).toEqual(withoutStorage(first.value));
        if (!facts.isCompressed) expect(sameBytes(written, bytes)).toBe(true);
        else {
          // Same L apart from the checksum field: the layout is the retail editor's.
          const logical = layoutWwd(first.value);
          expect(sameBytes(logical.subarray(0x2f0), first.value.logical.subarray(0x2f0))).toBe(
            true,
          );
          expect(logical.length).toBe(first.value.logical.length);
        }
      },
    );

    it('gives document nodes whose spans stay inside L', async () => {
      const { value } = await parseWwd(load('RETAIL01.WWD'));
      const nodes = wwdDocumentNodes(value);
      expect(nodes.filter((node) => node.path.split('/').length === 5)).toHaveLength(1479);
      expect(nodes.filter((node) => node.path.startsWith('Tile properties/'))).toHaveLength(938);
      expect(nodes.some((node) => node.path === 'Planes/Action/Objects/Rat/obj 0')).toBe(true);
      for (const node of nodes) {
        expect(node.span.offset + node.span.length).toBeLessThanOrEqual(value.logical.length);
      }
    });

    it('RETAIL01: a logic is a folder of its objects, with no bytes (nor content) of its own', async () => {
      const session = await openLevel('RETAIL01.WWD');
      const table = session.nodeTable();
      const paths = Array.from({ length: session.nodeCount() }, (_, index) => table.path(index));
      const group = 'Planes/Action/Objects/AmbientSound';
      // No node: nothing to size, highlight or put in a zip; the tree makes the folder.
      expect(paths).not.toContain(group);
      const members = paths.flatMap((path, index) => (path.startsWith(`${group}/`) ? [index] : []));
      expect(members).toHaveLength(2);
      // The object block is one contiguous record of them all: it holds each object's bytes.
      const block = session.details(paths.indexOf('Planes/Action/Objects')).span;
      for (const index of members) {
        const { span } = session.details(index);
        expect(span.length).toBeGreaterThan(0);
        expect(span.offset).toBeGreaterThanOrEqual(block.offset);
        expect(span.offset + span.length).toBeLessThanOrEqual(block.offset + block.length);
      }
      // The plane's own bytes are its 160-byte header, and its fields say so.
      const plane = session.details(paths.indexOf('Planes/Action'));
      expect(plane.size).toBe(160);
      expect(new Map(plane.fields).get('Bytes')).toMatch(
        /^0x[0-9A-F]+ \(160 bytes\): this plane's header only/,
      );
    });

    it('RETAIL01_badsig.WWD: its facts claim nothing of a header that was never read', async () => {
      const session = await openLevel('RETAIL01_badsig.WWD');
      expect(session.fatal).toMatchObject({ code: 'BAD_MAGIC', offset: 0 });
      const labels = session.facts.map(([label]) => label);
      for (const label of [
        'Name',
        'Author',
        'Created',
        'Compressed',
        'Planes',
        'Start',
        'Checksum',
        'Decoded size',
      ]) {
        expect(labels).not.toContain(label);
      }
      expect(session.facts).toEqual([]);
      expect(session.nodeCount()).toBe(0);
    });
  },
);

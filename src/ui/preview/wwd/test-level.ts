/**
 * Hand-built level models for the unit tests of the level view (the UI may not import the
 * format's writer). Only what the view reads is meaningful; the rest is zero.
 */
import type { WwdLevelView, WwdObject, WwdPlane, WwdTileProperty } from './level-types.ts';

const rect = () => ({ left: 0, top: 0, right: 0, bottom: 0 });
const span = (offset = 0, length = 0) => ({ offset, length });

export function testObject(fields: Partial<WwdObject> = {}): WwdObject {
  return {
    index: 0,
    span: span(),
    id: 0,
    nameLength: 0,
    logicLength: 0,
    imageSetLength: 0,
    animationLength: 0,
    x: 0,
    y: 0,
    z: 0,
    i: -1,
    addFlags: 0,
    dynamicFlags: 0,
    drawFlags: 0,
    userFlags: 0,
    score: 0,
    points: 0,
    powerup: 0,
    damage: 0,
    smarts: 0,
    health: 0,
    moveRect: rect(),
    hitRect: rect(),
    attackRect: rect(),
    clipRect: rect(),
    userRect1: rect(),
    userRect2: rect(),
    userValues: [0, 0, 0, 0, 0, 0, 0, 0],
    minX: 0,
    minY: 0,
    maxX: 0,
    maxY: 0,
    speedX: 0,
    speedY: 0,
    tweakX: 0,
    tweakY: 0,
    counter: 0,
    speed: 0,
    width: 0,
    height: 0,
    direction: 0,
    faceDir: 0,
    timeDelay: 0,
    frameDelay: 0,
    objectType: 0,
    hitTypeFlags: 0,
    moveResX: 0,
    moveResY: 0,
    name: '',
    logic: '',
    imageSet: '',
    animation: '',
    ...fields,
  };
}

export function testPlane(fields: Partial<WwdPlane> = {}): WwdPlane {
  const tilesWide = fields.tilesWide ?? 2;
  const tilesHigh = fields.tilesHigh ?? 2;
  return {
    index: 0,
    span: span(),
    size: 160,
    unknown04: 0,
    flags: 0,
    unknown0C: 0,
    name: 'Plane',
    pixelWidth: tilesWide * 64,
    pixelHeight: tilesHigh * 64,
    tileWidth: 64,
    tileHeight: 64,
    tilesWide,
    tilesHigh,
    scrollX: 0,
    scrollY: 0,
    moveXPercent: 100,
    moveYPercent: 100,
    fillColor: 0,
    imageSetCount: 1,
    objectCount: fields.objects?.length ?? 0,
    tilesOffset: 0,
    imageSetsOffset: 0,
    objectsOffset: 0,
    zCoord: 0,
    unknown94: 0,
    unknown98: 0,
    unknown9C: 0,
    tiles: new Uint32Array(tilesWide * tilesHigh).fill(0xffffffff),
    tilesSpan: span(),
    imageSets: ['ACTION'],
    imageSetsSpan: span(),
    objects: [],
    objectsSpan: span(),
    ...fields,
  };
}

export function single(index: number, attribute: number): WwdTileProperty {
  return { kind: 'single', index, span: span(), unknown04: 0, width: 64, height: 64, attribute };
}

export function double(
  index: number,
  outside: number,
  inside: number,
  bounds: [number, number, number, number],
): WwdTileProperty {
  const [left, top, right, bottom] = bounds;
  return {
    kind: 'double',
    index,
    span: span(),
    unknown04: 0,
    width: 64,
    height: 64,
    outside,
    inside,
    rect: { left, top, right, bottom },
  };
}

/** Background (z −999, wrapped), Action (main, with objects), Front (z 9000). */
export function testLevel(): WwdLevelView {
  const background = testPlane({
    index: 0,
    name: 'Background',
    flags: 0x0c,
    zCoord: -999,
    tilesWide: 2,
    tilesHigh: 1,
    fillColor: 197,
    tiles: Uint32Array.of(0xeeeeeeee, 5),
  });
  const action = testPlane({
    index: 1,
    name: 'Action',
    flags: 0x01,
    tilesWide: 4,
    tilesHigh: 3,
    // prettier-ignore
    tiles: Uint32Array.of(
      0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
      0xffffffff, 2, 3, 0xffffffff,
      1, 1, 1, 1,
    ),
    objects: [
      testObject({ index: 0, id: 179, logic: 'Rat', imageSet: 'LEVEL_RAT', x: 160, y: 130 }),
      testObject({ index: 1, id: 180, logic: 'TreasurePowerup', name: 'Gold', x: 40, y: 100 }),
    ],
  });
  const front = testPlane({
    index: 2,
    name: 'Front',
    flags: 0x04,
    zCoord: 9000,
    tilesWide: 8,
    tilesHigh: 1,
  });
  return {
    encoding: 'cp1252',
    header: {
      span: span(0, 1524),
      headerSize: 0x5f4,
      unknown004: 0,
      flags: 3,
      unknown00C: 0,
      name: 'Test level',
      author: '',
      birth: '',
      rezFile: '',
      imageDir: '',
      palRez: '',
      startX: 96,
      startY: 160,
      unknown2D8: 0,
      planeCount: 3,
      planesOffset: 1524,
      tileDescriptionsOffset: 0,
      mainBlockLength: 0,
      checksum: 0,
      unknown2F0: 0,
      launchApp: '',
      imageSets: [],
      prefixes: [],
    },
    isCompressed: false,
    fileSize: 0,
    storedMainBlockLength: 0,
    planes: [background, action, front],
    tileProperties: {
      span: span(),
      headerSize: 0x20,
      unknown04: 0,
      count: 4,
      unknown0C: [0, 0, 0, 0, 0],
      records: [single(0, 0), single(1, 1), double(2, 1, 0, [0, 0, 39, 54]), single(3, 2)],
    },
    checksum: null,
  };
}

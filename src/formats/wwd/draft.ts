/**
 * Writer inputs with sensible defaults, so tests, fixtures, samples and e2e can describe a
 * level by what matters to them: `draftWwdLevel({ planes: [draftWwdPlane({...})] })`.
 * Defaults follow Claw retail levels (64-pixel tiles, empty cells, frame −1).
 */
import { WWD_FLAG_USE_Z, WWD_TILE_EMPTY } from './layout.ts';
import type {
  WwdHeaderInput,
  WwdLevel,
  WwdLevelInput,
  WwdObjectInput,
  WwdPlaneInput,
  WwdRect,
} from './types.ts';

const zeroRect = (): WwdRect => ({ left: 0, top: 0, right: 0, bottom: 0 });

export function draftWwdObject(fields: Partial<WwdObjectInput> = {}): WwdObjectInput {
  return {
    id: 0,
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
    moveRect: zeroRect(),
    hitRect: zeroRect(),
    attackRect: zeroRect(),
    clipRect: zeroRect(),
    userRect1: zeroRect(),
    userRect2: zeroRect(),
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

/** A plane; the grid defaults to empty cells and the pixel size to tiles × tile size. */
export function draftWwdPlane(
  fields: Partial<WwdPlaneInput> & { tilesWide: number; tilesHigh: number },
): WwdPlaneInput {
  const tileWidth = fields.tileWidth ?? 64;
  const tileHeight = fields.tileHeight ?? 64;
  return {
    unknown04: 0,
    flags: 0,
    unknown0C: 0,
    name: 'Action',
    pixelWidth: fields.tilesWide * tileWidth,
    pixelHeight: fields.tilesHigh * tileHeight,
    tileWidth,
    tileHeight,
    scrollX: 0,
    scrollY: 0,
    moveXPercent: 100,
    moveYPercent: 100,
    fillColor: 0,
    zCoord: 0,
    unknown94: 0,
    unknown98: 0,
    unknown9C: 0,
    tiles: new Uint32Array(fields.tilesWide * fields.tilesHigh).fill(WWD_TILE_EMPTY),
    imageSets: ['ACTION'],
    objects: [],
    ...fields,
  };
}

export function draftWwdHeader(fields: Partial<WwdHeaderInput> = {}): WwdHeaderInput {
  return {
    unknown004: 0,
    flags: WWD_FLAG_USE_Z,
    unknown00C: 0,
    name: '',
    author: '',
    birth: '',
    rezFile: '',
    imageDir: '',
    palRez: '',
    startX: 0,
    startY: 0,
    unknown2D8: 0,
    unknown2F0: 0,
    launchApp: '',
    imageSets: ['', '', '', ''],
    prefixes: ['', '', '', ''],
    ...fields,
  };
}

/** A level: one main plane of 1×1 empty tile and no tile properties unless given. */
export function draftWwdLevel(
  fields: Partial<Omit<WwdLevelInput, 'header'>> & { header?: Partial<WwdHeaderInput> } = {},
): WwdLevelInput {
  return {
    encoding: fields.encoding ?? 'cp1252',
    header: draftWwdHeader(fields.header),
    planes: fields.planes ?? [draftWwdPlane({ tilesWide: 1, tilesHigh: 1, flags: 1 })],
    tileProperties: fields.tileProperties ?? {
      unknown04: 0,
      unknown0C: [0, 0, 0, 0, 0],
      records: [],
    },
    trailingData: fields.trailingData ?? null,
  };
}

/**
 * The writer input of a parsed level: the model without what the writer derives (spans,
 * indexes, offsets, counts, string lengths, checksum). Useful to edit a level and save it,
 * and to compare levels regardless of where their sections sit.
 */
export function wwdLevelInput(level: WwdLevel): WwdLevelInput {
  const header = level.header;
  return {
    encoding: level.encoding,
    header: {
      unknown004: header.unknown004,
      flags: header.flags,
      unknown00C: header.unknown00C,
      name: header.name,
      author: header.author,
      birth: header.birth,
      rezFile: header.rezFile,
      imageDir: header.imageDir,
      palRez: header.palRez,
      startX: header.startX,
      startY: header.startY,
      unknown2D8: header.unknown2D8,
      unknown2F0: header.unknown2F0,
      launchApp: header.launchApp,
      imageSets: [...header.imageSets],
      prefixes: [...header.prefixes],
    },
    planes: level.planes.map((plane) => {
      const {
        index: _index,
        span: _span,
        size: _size,
        imageSetCount: _imageSetCount,
        objectCount: _objectCount,
        tilesOffset: _tilesOffset,
        imageSetsOffset: _imageSetsOffset,
        objectsOffset: _objectsOffset,
        tilesSpan: _tilesSpan,
        imageSetsSpan: _imageSetsSpan,
        objectsSpan: _objectsSpan,
        objects,
        ...rest
      } = plane;
      return {
        ...rest,
        objects: objects.map((object) => {
          const {
            index: _objectIndex,
            span: _objectSpan,
            nameLength: _nameLength,
            logicLength: _logicLength,
            imageSetLength: _imageSetLength,
            animationLength: _animationLength,
            ...fields
          } = object;
          return fields;
        }),
      };
    }),
    tileProperties: level.tileProperties && {
      unknown04: level.tileProperties.unknown04,
      unknown0C: [...level.tileProperties.unknown0C],
      records: level.tileProperties.records.map(
        ({ index: _index, span: _span, ...record }) => record,
      ),
    },
    trailingData: level.trailingData && { bytes: level.trailingData.bytes },
  };
}

/**
 * A parsed level as a flat list of document nodes for the worker's tree view: Header;
 * Planes (each with Tiles, Image sets, Objects grouped by logic); Tile properties. Each
 * node has its span in L, so selecting it highlights its bytes in the hex view of L.
 *
 * Paths use `/` between segments; a `/` inside a name becomes `∕` (U+2215) so the tree
 * cannot split it (neither code page has `∕`, so this never collides). Planes are named by
 * their name, with ` #index` added when it is empty or shared (names are not unique); object
 * groups likewise when their segments would repeat. Nodes come parent first, in a stable
 * order: groups sorted by logic, objects in file order.
 *
 * A node's span is bytes of its own. An object group (`Objects/<logic>`) is no node: its
 * objects lie scattered through the plane's object block, so it has no bytes to size,
 * highlight or extract, and the tree makes its folder from its objects' paths. A plane's
 * bytes (and those of `Planes`) are its 160-byte header alone, not its tiles or objects:
 * their `Bytes` field says so.
 */
import { quotedText } from '../../binary/quoted-text.ts';
import { hexOffset } from '../../binary/format-error.ts';
import { hex as hexDigits } from '../../binary/hex.ts';
import type { Span } from '../model.ts';
import { WWD_PLANE_HEADER_SIZE, WWD_TILE_EMPTY, WWD_TILE_FILL } from './layout.ts';
import type {
  WwdDocumentNode,
  WwdLevel,
  WwdObject,
  WwdPlane,
  WwdRect,
  WwdTileProperty,
} from './types.ts';

type Fields = Array<[string, string]>;

const HEADER_FLAGS: Array<[number, string]> = [
  [0x1, 'use z-coords'],
  [0x2, 'compressed'],
];
const PLANE_FLAGS: Array<[number, string]> = [
  [0x01, 'main'],
  [0x02, 'no draw'],
  [0x04, 'wrap X'],
  [0x08, 'wrap Y'],
  [0x10, 'auto tile size'],
];
const ADD_FLAGS: Array<[number, string]> = [
  [0x01, 'difficult'],
  [0x02, 'eye candy'],
  [0x04, 'high detail'],
  [0x08, 'multiplayer'],
  [0x10, 'extra memory'],
  [0x20, 'fast CPU'],
];
const DYNAMIC_FLAGS: Array<[number, string]> = [
  [0x1, 'no hit'],
  [0x2, 'always active'],
  [0x4, 'safe'],
  [0x8, 'auto hit damage'],
];
const DRAW_FLAGS: Array<[number, string]> = [
  [0x1, 'no draw'],
  [0x2, 'mirror'],
  [0x4, 'invert'],
  [0x8, 'flash'],
];
/** Object types; 0x300 and 0x400 are editor quirks (spec §6), not typos. */
const TYPE_NAMES: Array<[number, string]> = [
  [0x001, 'generic'],
  [0x002, 'player'],
  [0x004, 'enemy'],
  [0x008, 'powerup'],
  [0x010, 'shot'],
  [0x020, 'p-shot'],
  [0x040, 'e-shot'],
  [0x080, 'special'],
  [0x100, 'user1'],
  [0x200, 'user2'],
  [0x300, 'user3'],
  [0x400, 'user4'],
];
const ATTRIBUTES = ['clear', 'solid', 'ground', 'climb', 'death'];

const hex = (value: number) => hexDigits(value >>> 0);
// One formatter for every count: `toLocaleString` builds a new one per call, which took
// most of the time of making a large level's nodes.
const counts = new Intl.NumberFormat('en-US');
const num = (value: number) => counts.format(value);
const quoted = quotedText;
const rect = (value: WwdRect) => `(${value.left}, ${value.top}, ${value.right}, ${value.bottom})`;
const spanText = (span: Span) => `${hexOffset(span.offset)} (${num(span.length)} bytes)`;

function flags(value: number, names: Array<[number, string]>): string {
  const set = names.filter(([bit]) => (value & bit) !== 0).map(([, name]) => name);
  const known = names.reduce((all, [bit]) => all | bit, 0);
  if ((value & ~known) !== 0) set.push(`unknown ${hex(value & ~known)}`);
  return `${hex(value)}${set.length > 0 ? ` (${set.join(', ')})` : ''}`;
}

function objectType(value: number): string {
  const name = TYPE_NAMES.find(([type]) => type === value)?.[1];
  return name ? `${hex(value)} (${name})` : hex(value);
}

/** Hit-type bits; user1/user2 overlap user3 (0x300), so those two bits are shown as ambiguous. */
function hitType(value: number): string {
  if (value >>> 0 === 0xffffffff) return '0xFFFFFFFF (all)';
  const names = TYPE_NAMES.filter(([bit]) => bit < 0x100 || bit === 0x400)
    .filter(([bit]) => (value & bit) !== 0)
    .map(([, name]) => name);
  if ((value & 0x300) !== 0) names.push('user1/user2/user3 (ambiguous)');
  return `${hex(value)}${names.length > 0 ? ` (${names.join(', ')})` : ''}`;
}

function attribute(value: number): string {
  return ATTRIBUTES[value] !== undefined ? `${value} (${ATTRIBUTES[value]})` : String(value);
}

/** A name made safe as one path segment. */
function segment(text: string, fallback: string): string {
  return text === '' ? fallback : text.replaceAll('/', '\u2215');
}

function headerFields(level: WwdLevel): Fields {
  const { header, checksum } = level;
  const fields: Fields = [
    ['Header size', hex(header.headerSize)],
    ['Flags', flags(header.flags, HEADER_FLAGS)],
    ['Name', quoted(header.name)],
    ['Author', quoted(header.author)],
    ['Birth', quoted(header.birth)],
    ['REZ file', quoted(header.rezFile)],
    ['Image dir', quoted(header.imageDir)],
    ['Palette REZ', quoted(header.palRez)],
    ['Start', `(${header.startX}, ${header.startY})`],
    ['Planes', `${header.planeCount} at ${hexOffset(header.planesOffset)}`],
    ['Tile properties offset', hexOffset(header.tileDescriptionsOffset)],
    ['Main block length (inflated)', num(header.mainBlockLength)],
    ['Stored main block (N)', num(level.storedMainBlockLength)],
    ['Launch app', quoted(header.launchApp)],
    ...header.imageSets.map((name, index): [string, string] => [
      `Image set ${index + 1}`,
      quoted(name),
    ]),
    ...header.prefixes.map((name, index): [string, string] => [
      `Prefix ${index + 1}`,
      quoted(name),
    ]),
    ['Checksum (stored)', String(header.checksum)],
  ];
  if (checksum) {
    const delta = (checksum.stored - checksum.computed) | 0;
    fields.push(
      ['Checksum (computed)', String(checksum.computed)],
      ['Checksum status', checksum.match ? 'OK' : `mismatch (stored − computed = ${delta})`],
      [
        'Checksum without T',
        `${checksum.computedWithoutInflatedByte} (T = ${checksum.inflatedByte})`,
      ],
    );
  }
  fields.push(
    ['Encoding', level.encoding === 'cp1250' ? 'windows-1250' : 'windows-1252'],
    ['File size', num(level.fileSize)],
    ['Logical size (L)', num(level.logical.length)],
    ['unknown004', hex(header.unknown004)],
    ['unknown00C', hex(header.unknown00C)],
    ['unknown2D8', hex(header.unknown2D8)],
    ['unknown2F0', hex(header.unknown2F0)],
  );
  if (level.trailingData) {
    const { fileOffset, bytes } = level.trailingData;
    fields.push([
      'Trailing data (after the zlib stream)',
      `${num(bytes.length)} bytes at file offset ${hexOffset(fileOffset)}`,
    ]);
  }
  return fields;
}

function planeFields(plane: WwdPlane): Fields {
  return [
    [
      'Bytes',
      `${spanText(plane.span)}: this plane's header only; its tiles, image sets and objects are the nodes below`,
    ],
    ['Index', String(plane.index)],
    ['Size field', hex(plane.size)],
    ['Flags', flags(plane.flags, PLANE_FLAGS)],
    ['Name', quoted(plane.name)],
    ['Pixel size', `${plane.pixelWidth} × ${plane.pixelHeight}`],
    ['Tile size', `${plane.tileWidth} × ${plane.tileHeight}`],
    ['Tiles', `${plane.tilesWide} × ${plane.tilesHigh}`],
    ['Scroll', `(${plane.scrollX}, ${plane.scrollY})`],
    ['Movement %', `${plane.moveXPercent} × ${plane.moveYPercent}`],
    ['Fill colour (palette index)', String(plane.fillColor)],
    ['Image sets', `${plane.imageSetCount} at ${hexOffset(plane.imageSetsOffset)}`],
    ['Objects', `${plane.objectCount} at ${hexOffset(plane.objectsOffset)}`],
    ['Tiles offset', hexOffset(plane.tilesOffset)],
    ['Z', String(plane.zCoord)],
    ['unknown04', hex(plane.unknown04)],
    ['unknown0C', hex(plane.unknown0C)],
    ['unknown94..9C', [plane.unknown94, plane.unknown98, plane.unknown9C].map(hex).join(' ')],
  ];
}

function tileFields(plane: WwdPlane): Fields {
  let empty = 0;
  let filled = 0;
  let otherSets = 0;
  let highestId = -1;
  const ids = new Set<number>();
  for (const tile of plane.tiles) {
    if (tile === WWD_TILE_EMPTY) empty++;
    else if (tile === WWD_TILE_FILL) filled++;
    else {
      ids.add(tile & 0xffff);
      highestId = Math.max(highestId, tile & 0xffff);
      if (tile >>> 16 !== 0) otherSets++;
    }
  }
  const fields: Fields = [
    ['Cells', `${num(plane.tiles.length)} (${plane.tilesWide} × ${plane.tilesHigh})`],
    ['Empty (0xFFFFFFFF)', num(empty)],
    ['Filled (0xEEEEEEEE)', num(filled)],
    ['Tile cells', num(plane.tiles.length - empty - filled)],
    ['Distinct tile ids', num(ids.size)],
  ];
  if (highestId >= 0) fields.push(['Highest tile id', String(highestId)]);
  if (otherSets > 0) fields.push(['Cells with an image-set word', num(otherSets)]);
  return fields;
}

function objectFields(object: WwdObject): Fields {
  return [
    ['Index', String(object.index)],
    ['Id', String(object.id)],
    ['Name', quoted(object.name)],
    ['Logic', quoted(object.logic)],
    ['Image set', quoted(object.imageSet)],
    ['Animation', quoted(object.animation)],
    ['Position', `(${object.x}, ${object.y}) z ${object.z}`],
    ['Frame (i)', object.i === -1 ? '-1 (default)' : String(object.i)],
    ['Add flags', flags(object.addFlags, ADD_FLAGS)],
    ['Dynamic flags', flags(object.dynamicFlags, DYNAMIC_FLAGS)],
    ['Draw flags', flags(object.drawFlags, DRAW_FLAGS)],
    ['User flags', hex(object.userFlags)],
    ['Score / points', `${object.score} / ${object.points}`],
    ['Powerup / damage', `${object.powerup} / ${object.damage}`],
    ['Smarts / health', `${object.smarts} / ${object.health}`],
    ['Move rect', rect(object.moveRect)],
    ['Hit rect', rect(object.hitRect)],
    ['Attack rect', rect(object.attackRect)],
    ['Clip rect', rect(object.clipRect)],
    ['User rect 1', rect(object.userRect1)],
    ['User rect 2', rect(object.userRect2)],
    ['User values', object.userValues.join(', ')],
    ['Min / max', `(${object.minX}, ${object.minY}) – (${object.maxX}, ${object.maxY})`],
    ['Speed', `(${object.speedX}, ${object.speedY})`],
    ['Tweak', `(${object.tweakX}, ${object.tweakY})`],
    ['Counter / speed', `${object.counter} / ${object.speed}`],
    ['Width / height', `${object.width} / ${object.height}`],
    ['Direction / face dir', `${object.direction} / ${object.faceDir}`],
    ['Time / frame delay', `${object.timeDelay} / ${object.frameDelay}`],
    ['Object type', objectType(object.objectType)],
    ['Hit type', hitType(object.hitTypeFlags)],
    ['Move res', `(${object.moveResX}, ${object.moveResY})`],
    [
      'String lengths',
      `${object.nameLength}, ${object.logicLength}, ${object.imageSetLength}, ${object.animationLength}`,
    ],
    ['Record', spanText(object.span)],
  ];
}

function tilePropertyFields(record: WwdTileProperty): Fields {
  const fields: Fields = [
    ['Tile id', String(record.index)],
    [
      'Type',
      record.kind === 'single'
        ? '1 (single)'
        : record.kind === 'double'
          ? '2 (double)'
          : '3 (mask)',
    ],
    ['Size', `${record.width} × ${record.height}`],
    ['unknown04', hex(record.unknown04)],
  ];
  if (record.kind === 'single') fields.push(['Attribute', attribute(record.attribute)]);
  if (record.kind === 'double') {
    fields.push(
      ['Outside', attribute(record.outside)],
      ['Inside', attribute(record.inside)],
      ['Inside rect (inclusive)', rect(record.rect)],
    );
  }
  if (record.kind === 'mask') {
    const values = [...new Set(record.mask)].sort((a, b) => a - b);
    fields.push(['Mask attributes', values.map(attribute).join(', ')]);
  }
  return fields;
}

/**
 * One path segment per name, unique among siblings: repeated names (and names that collide
 * once `/` is replaced) get ` #n`, n being the item's position; so do empty ones when
 * `numberEmpty` (planes, where the index is how users tell them apart).
 */
function uniqueSegments(
  names: readonly string[],
  fallback: string,
  numberEmpty: boolean,
): string[] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  const used = new Set<string>();
  return names.map((name, index) => {
    let candidate = segment(name, fallback);
    if ((numberEmpty && name === '') || (counts.get(name) ?? 0) > 1 || used.has(candidate)) {
      candidate = `${candidate} #${index}`;
    }
    while (used.has(candidate)) candidate = `${candidate} #${index}`;
    used.add(candidate);
    return candidate;
  });
}

/**
 * A node whose fields are made when first read (then kept): a large level has thousands
 * of objects of 34 fields each and about a thousand tile properties, and a tile count walks
 * every cell, while the open only needs the nodes' paths and spans; fields are read when a
 * node is selected. One class, no closure per node: `make` is a module function.
 */
class LazyNode<T> implements WwdDocumentNode {
  object?: { plane: number; index: number };
  diffPath?: string;
  #fields: Fields | null = null;

  constructor(
    readonly path: string,
    readonly span: Span,
    private readonly source: T,
    private readonly make: (source: T) => Fields,
  ) {}

  get fields(): Fields {
    this.#fields ??= this.make(this.source);
    return this.#fields;
  }
}

/**
 * An object as a comparison of two levels matches it: by its id within its plane and logic
 * group, not by its index (an editor that saves a level again may store its objects in
 * another order). Ids can repeat within a group (RETAIL01 has such a pair): the n-th
 * object of an id in file order gets ` #n` from the second on, so each side's names stay
 * unique and the diff pairs them one to one.
 */
function objectDiffSegment(id: number, occurrence: number): string {
  return occurrence === 1 ? `id ${id}` : `id ${id} #${occurrence}`;
}

function pushObjects(nodes: WwdDocumentNode[], base: string, plane: WwdPlane): void {
  const groups = new Map<string, WwdObject[]>();
  const positions = new Map<WwdObject, number>();
  plane.objects.forEach((object, position) => {
    positions.set(object, position);
    const members = groups.get(object.logic);
    if (members) members.push(object);
    else groups.set(object.logic, [object]);
  });
  nodes.push({
    path: `${base}/Objects`,
    span: plane.objectsSpan,
    fields: [
      ['Objects', num(plane.objects.length)],
      ['Logics', num(groups.size)],
    ],
  });
  const logics = [...groups.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const segments = uniqueSegments(logics, '(no logic)', false);
  logics.forEach((logic, index) => {
    const members = groups.get(logic)!;
    // A folder the tree makes from its objects' paths, not a node (see the top of the file).
    const groupPath = `${base}/Objects/${segments[index]!}`;
    const occurrences = new Map<number, number>();
    for (const object of members) {
      const node = new LazyNode(
        `${groupPath}/obj ${object.index}`,
        object.span,
        object,
        objectFields,
      );
      node.object = { plane: plane.index, index: positions.get(object)! };
      const occurrence = (occurrences.get(object.id) ?? 0) + 1;
      occurrences.set(object.id, occurrence);
      node.diffPath = `${groupPath}/${objectDiffSegment(object.id, occurrence)}`;
      nodes.push(node);
    }
  });
}

/** The document nodes of a level (also of a partial one: only what was read appears). */
export function wwdDocumentNodes(level: WwdLevel): WwdDocumentNode[] {
  const nodes: WwdDocumentNode[] = [];
  if (level.header.span.length === 0) return nodes;
  nodes.push({ path: 'Header', span: level.header.span, fields: headerFields(level) });
  const { planes } = level;
  const mainIndex = planes.findIndex((plane) => (plane.flags & 1) !== 0);
  // The plane headers read, one after another: what is under them lies elsewhere.
  const headers = {
    offset: level.header.planesOffset,
    length: planes.length * WWD_PLANE_HEADER_SIZE,
  };
  nodes.push({
    path: 'Planes',
    span: headers,
    fields: [
      [
        'Bytes',
        `${spanText(headers)}: the ${num(planes.length)} plane header${planes.length === 1 ? '' : 's'} only`,
      ],
      ['Planes', String(planes.length)],
      ['Main plane', mainIndex >= 0 ? String(mainIndex) : 'none'],
    ],
  });
  const segments = uniqueSegments(
    planes.map((plane) => plane.name),
    '(unnamed)',
    true,
  );
  planes.forEach((plane, index) => {
    const base = `Planes/${segments[index]!}`;
    nodes.push({ path: base, span: plane.span, fields: planeFields(plane) });
    nodes.push(new LazyNode(`${base}/Tiles`, plane.tilesSpan, plane, tileFields));
    nodes.push({
      path: `${base}/Image sets`,
      span: plane.imageSetsSpan,
      fields: plane.imageSets.map((name, nameIndex) => [
        `Image set ${nameIndex + 1}`,
        quoted(name),
      ]),
    });
    if (plane.objects.length > 0) pushObjects(nodes, base, plane);
  });
  const table = level.tileProperties;
  if (table) {
    const kinds = { single: 0, double: 0, mask: 0 };
    for (const record of table.records) kinds[record.kind]++;
    nodes.push({
      path: 'Tile properties',
      span: table.span,
      fields: [
        ['Header size', hex(table.headerSize)],
        ['Count (declared)', num(table.count)],
        ['Records read', num(table.records.length)],
        ['Single / double / mask', `${kinds.single} / ${kinds.double} / ${kinds.mask}`],
        ['unknown04', hex(table.unknown04)],
        ['unknown0C..1C', table.unknown0C.map(hex).join(' ')],
      ],
    });
    for (const record of table.records) {
      nodes.push(
        new LazyNode(`Tile properties/${record.index}`, record.span, record, tilePropertyFields),
      );
    }
  }
  return nodes;
}

/**
 * Writes scenes: the mirror of read.ts, part by part in file order. Archives go out through
 * the keyed-archive writer (v1 pairs sorted by key bytes, as DAVA writes them, unless
 * `keepOrder`), so a parsed file is written back byte for byte.
 *
 * The builders at the end make scenes for tests, samples and fuzz seeds.
 */
import { ByteWriter } from '../../binary/byte-writer.ts';
import { KaType, type KaArchive, type KaValue } from '../ka/types.ts';
import {
  archiveValue,
  arrayValue,
  idKey,
  intValue,
  textValue,
  v1Archive,
  writeKa,
  type KaWriteOptions,
} from '../ka/write.ts';
import {
  SC2_DESCRIPTOR_FROM,
  SC2_MAGIC,
  SC2_VERSION_TAGS_FROM,
  type Sc2Entity,
  type Sc2Scene,
} from './types.ts';

function refuse(detail: string): never {
  throw new Error(`cannot write this scene: ${detail}`);
}

function writeEntity(out: ByteWriter, entity: Sc2Entity, options: KaWriteOptions): void {
  out.bytes(writeKa(entity.archive, options));
  for (const child of entity.children) writeEntity(out, child, options);
}

export function writeSc2(scene: Sc2Scene, options: KaWriteOptions = {}): Uint8Array {
  const out = new ByteWriter();
  out.bytes(Uint8Array.from(SC2_MAGIC)).i32le(scene.version).i32le(scene.nodeCount);
  if (scene.version >= SC2_VERSION_TAGS_FROM) {
    if (!scene.versionTags) refuse(`version ${scene.version} needs version tags`);
    out.bytes(writeKa(scene.versionTags, options));
  }
  if (scene.version >= SC2_DESCRIPTOR_FROM) {
    if (!scene.descriptor) refuse(`version ${scene.version} needs a descriptor`);
    out.u32le(scene.descriptor.bytes.length).bytes(scene.descriptor.bytes);
  }
  const body = scene.body;
  if (body.layout === 'classic') {
    out.i32le(body.dataNodes.length);
    for (const node of body.dataNodes) out.bytes(writeKa(node, options));
    if (body.globalMaterial) out.bytes(writeKa(body.globalMaterial, options));
    for (const entity of body.entities) writeEntity(out, entity, options);
  } else {
    out.bytes(writeKa(body.scene, options));
  }
  if (scene.trailing) out.bytes(scene.trailing);
  return out.finish();
}

// Builders for scenes made in code.

/** `#id` as DAVA stores it: an 8-byte array holding a u64. */
export function idBytes(id: bigint): KaValue {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt.asUintN(64, id), true);
  return { kind: 'bytes', type: KaType.BYTE_ARRAY, bytes };
}

export function descriptorBytes(fileType: number, extra: Uint8Array = new Uint8Array(0)) {
  const bytes = new Uint8Array(4 + extra.length);
  new DataView(bytes.buffer).setUint32(0, fileType, true);
  bytes.set(extra, 4);
  return { size: bytes.length, bytes, fileType };
}

/** A data node archive: `##name`, `#id` and any more pairs. */
export function dataNodeArchive(
  name: string,
  id: bigint,
  more: ReadonlyArray<readonly [string, KaValue]> = [],
): KaArchive {
  return v1Archive([['##name', textValue(name)], ['#id', idBytes(id)], ...more]);
}

/** A component archive of `comp.typename` with more pairs. */
export function componentArchive(
  typeName: string,
  more: ReadonlyArray<readonly [string, KaValue]> = [],
): KaArchive {
  return v1Archive([['comp.typename', textValue(typeName)], ...more]);
}

/** The pairs of an entity: `##name`, `name` and `components` (`0000`, `0001`, … and `count`). */
export function entityPairs(
  name: string,
  components: readonly KaArchive[],
): Array<[string, KaValue]> {
  const slots: Array<[string, KaValue]> = components.map((component, index) => [
    index.toString().padStart(4, '0'),
    archiveValue(component),
  ]);
  slots.push(['count', intValue(KaType.UINT32, components.length)]);
  return [
    ['##name', textValue('Entity')],
    ['name', textValue(name, KaType.FASTNAME)],
    ['components', archiveValue(v1Archive(slots))],
  ];
}

/** A classic entity: its archive carries `#childrenCount`; its children follow it. */
export function classicEntity(
  name: string,
  components: readonly KaArchive[],
  children: Sc2Entity[] = [],
): Sc2Entity {
  const pairs = entityPairs(name, components);
  pairs.push(['#childrenCount', intValue(KaType.INT32, children.length)]);
  return { archive: v1Archive(pairs), children };
}

/** The ids a Blitz top archive names its keys and strings by (opaque, like DAVA's hashes). */
export const BLITZ_KEY_IDS: Readonly<Record<string, number>> = {
  '#dataNodes': 0x1a2b3c01,
  '#hierarchy': 0x5b93b294,
  '#sceneComponents': 0x1a2b3c03,
  '##name': 0x1a2b3c04,
  '#id': 0x1a2b3c05,
  name: 0x1a2b3c06,
  components: 0x1a2b3c07,
  'comp.typename': 0x1a2b3c08,
  count: 0x1a2b3c09,
  '0000': 0x1a2b3c0a,
  '0001': 0x1a2b3c0b,
  'rb.datasource': 0x1a2b3c0c,
  'rb.nmatname': 0x1a2b3c0d,
};

/** A Blitz entity: a plain model (keys as text), turned into ids by `blitzScene`. */
export interface BlitzEntitySpec {
  name: string;
  components: ReadonlyArray<readonly [string, ReadonlyArray<readonly [string, KaValue]>]>;
  children: BlitzEntitySpec[];
}

const utf8 = new TextEncoder();

/**
 * A v2 top archive of a Blitz scene: a string table of every key and string it uses,
 * `#dataNodes` (archives of `##name` and `#id`), `#hierarchy` (entities, children in a nested
 * `#hierarchy`) and an empty `#sceneComponents`.
 */
export function blitzScene(
  dataNodes: ReadonlyArray<readonly [string, bigint]>,
  entities: readonly BlitzEntitySpec[],
): KaArchive {
  const ids = new Map<string, number>(Object.entries(BLITZ_KEY_IDS));
  const idOf = (text: string) => {
    let id = ids.get(text);
    if (id === undefined) {
      id = 0x2c000000 + ids.size;
      ids.set(text, id);
    }
    return id;
  };
  const sub = (pairs: ReadonlyArray<readonly [string, KaValue]>): KaArchive => ({
    kind: 'sub',
    strings: [],
    entries: pairs.map(([key, value]) => ({ key: idKey(idOf(key)), value })),
  });
  const text = (value: string): KaValue => ({
    kind: 'stringId',
    type: KaType.STRING,
    id: idOf(value),
  });
  const entity = (spec: BlitzEntitySpec): KaValue => {
    const slots: Array<[string, KaValue]> = spec.components.map(([typeName, pairs], index) => [
      index.toString().padStart(4, '0'),
      archiveValue(sub([['comp.typename', text(typeName)], ...pairs])),
    ]);
    slots.push(['count', intValue(KaType.UINT32, spec.components.length)]);
    return archiveValue(
      sub([
        ['name', { kind: 'stringId', type: KaType.FASTNAME, id: idOf(spec.name) }],
        ['components', archiveValue(sub(slots))],
        ['#hierarchy', arrayValue(spec.children.map(entity))],
      ]),
    );
  };
  const entries = [
    [
      '#dataNodes',
      arrayValue(
        dataNodes.map(([name, id]) =>
          archiveValue(
            sub([
              ['##name', text(name)],
              ['#id', idBytes(id)],
            ]),
          ),
        ),
      ),
    ],
    ['#hierarchy', arrayValue(entities.map(entity))],
    ['#sceneComponents', archiveValue(sub([]))],
  ] as const;
  const top: KaArchive = {
    kind: 'top',
    strings: [],
    entries: entries.map(([key, value]) => ({ key: idKey(idOf(key)), value })),
  };
  top.strings = [...ids].map(([value, id]) => ({ id, bytes: utf8.encode(value), text: value }));
  return top;
}

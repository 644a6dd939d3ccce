/**
 * The KA bench input: a v2 keyed archive shaped like a DAVA scene (a top archive with its
 * string table; a hierarchy of entity archives, each with strings as ids, an int64 id,
 * matrices, vectors, a bounding box, vertex bytes and an array of component archives, and children of
 * its own), written by the project's own writer (src/formats/ka/write.ts) until it holds
 * the asked number of values (nodes: every key and every array element). Kept in the work
 * dir and reused on the next run when its facts file is there.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KaType, type KaArchive, type KaEntry, type KaValue } from '../../src/formats/ka/types.ts';
import {
  archiveValue,
  arrayValue,
  floatsValue,
  idKey,
  intValue,
  writeKa,
} from '../../src/formats/ka/write.ts';

export interface GeneratedKaArchive {
  path: string;
  /** Values (nodes) the reader finds: keys and array elements. */
  nodeCount: number;
  fileBytes: number;
  entityCount: number;
  stringCount: number;
  generatedSeconds: number;
}

/** A small deterministic PRNG (mulberry32): the same archive for the same seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const KEYS = [
  'name',
  'id',
  'flags',
  'localTransform',
  'worldTransform',
  'bbox',
  'components',
  'children',
  'type',
  'position',
  'scale',
  'color',
  'params',
  'lodDistances',
  'material',
  'texture',
  'normalMatrix',
  'visible',
  'sortingKey',
  'uvOffset',
  '#hierarchy',
  'scene',
  'version',
  'vertices',
] as const;

/** Entity and asset names: ids into the string table after the keys. */
const NAME_COUNT = 4000;

/** Builds the model of an archive of about `values` nodes (DAVA scene-like). */
export function kaSceneModel(values: number, seed = 1): { model: KaArchive; entityCount: number } {
  const next = random(seed);
  const keyId = new Map<string, number>(KEYS.map((key, index) => [key, 0x1000 + index * 7]));
  const key = (name: (typeof KEYS)[number]) => idKey(keyId.get(name)!);
  const strings = [
    ...KEYS.map((text) => ({ id: keyId.get(text)!, text })),
    ...Array.from({ length: NAME_COUNT }, (_, index) => ({
      id: 0x20000 + index,
      text: `${['rock', 'tree', 'house', 'tank', 'bush', 'lamp'][index % 6]}_${index}.sc2`,
    })),
  ].map(({ id, text }) => ({ id, text, bytes: new TextEncoder().encode(text) }));
  const nameId = () => 0x20000 + Math.floor(next() * NAME_COUNT);
  const stringId = (type: 4 | 18 | 20): KaValue => ({ kind: 'stringId', type, id: nameId() });
  const vertexBytes = () => {
    const bytes = new Uint8Array(512 + Math.floor(next() * 1800));
    for (let at = 0; at < bytes.length; at++) bytes[at] = (next() * 256) | 0;
    return bytes;
  };
  const floats = (count: number) => Array.from({ length: count }, () => next() * 200 - 100);
  let made = 0;
  let entityCount = 0;
  const entry = (name: (typeof KEYS)[number], value: KaValue): KaEntry => {
    made++;
    return { key: key(name), value };
  };
  const sub = (entries: KaEntry[]): KaValue => archiveValue({ kind: 'sub', strings: [], entries });
  const items = (count: number, make: () => KaValue): KaValue => {
    made += count;
    return arrayValue(Array.from({ length: count }, make));
  };

  const component = (): KaValue =>
    sub([
      entry('type', stringId(KaType.FASTNAME)),
      entry('position', floatsValue(KaType.VECTOR3, floats(3))),
      entry('scale', floatsValue(KaType.VECTOR3, floats(3))),
      entry('color', floatsValue(KaType.COLOR, floats(4))),
      entry('material', stringId(KaType.FILEPATH)),
      entry('normalMatrix', floatsValue(KaType.MATRIX3, floats(9))),
      entry(
        'params',
        sub([
          entry('texture', stringId(KaType.STRING)),
          entry('uvOffset', floatsValue(KaType.VECTOR2, floats(2))),
          entry('sortingKey', intValue(KaType.INT32, Math.floor(next() * 1e6))),
          entry('visible', { kind: 'bool', type: 1, byte: next() < 0.9 ? 1 : 0 }),
        ]),
      ),
      entry(
        'lodDistances',
        items(4, () => floatsValue(KaType.FLOAT, floats(1))),
      ),
    ]);

  const entity = (depth: number): KaValue => {
    entityCount++;
    const entries = [
      entry('name', stringId(KaType.FASTNAME)),
      entry('id', { kind: 'int64', type: KaType.UINT64, value: BigInt(entityCount) * 0x9e3779b1n }),
      entry('flags', intValue(KaType.UINT32, Math.floor(next() * 2 ** 32))),
      entry('localTransform', floatsValue(KaType.MATRIX4, floats(16))),
      entry('worldTransform', floatsValue(KaType.MATRIX4, floats(16))),
      entry('bbox', floatsValue(KaType.AABBOX3, floats(6))),
      // A polygon group's vertex data, as scenes keep it: most of a scene file's bytes.
      entry('vertices', { kind: 'bytes', type: KaType.BYTE_ARRAY, bytes: vertexBytes() }),
      entry('components', items(1 + Math.floor(next() * 3), component)),
    ];
    const childCount = depth < 3 && next() < 0.35 ? 1 + Math.floor(next() * 4) : 0;
    if (childCount > 0)
      entries.push(
        entry(
          'children',
          items(childCount, () => entity(depth + 1)),
        ),
      );
    return sub(entries);
  };

  const hierarchy: KaValue[] = [];
  const root: KaEntry[] = [
    entry('version', intValue(KaType.UINT32, 16)),
    entry('scene', stringId(KaType.FILEPATH)),
  ];
  made++; // the #hierarchy array itself
  while (made < values) {
    hierarchy.push(entity(0));
    made++; // its element node
  }
  root.push({ key: key('#hierarchy'), value: arrayValue(hierarchy) });
  return { model: { kind: 'top', strings, entries: root }, entityCount };
}

/** The bench's archive in `workdir`: reused when present, else written (about 50 MB). */
export function kaArchive(
  workdir: string,
  values: number,
  log: (line: string) => void,
): GeneratedKaArchive {
  const name = `ka-scene-${values}-s1`;
  const path = join(workdir, `${name}.ka`);
  const factsPath = join(workdir, `${name}.json`);
  if (existsSync(path) && existsSync(factsPath)) {
    log(`Reusing ${path}`);
    return { ...(JSON.parse(readFileSync(factsPath, 'utf8')) as GeneratedKaArchive), path };
  }
  log(`Generating ${path} (${values.toLocaleString('en-US')} values, v2)...`);
  const started = performance.now();
  const { model, entityCount } = kaSceneModel(values);
  const bytes = writeKa(model);
  // Written under a temporary name, renamed at the end: a stopped run leaves nothing reusable.
  writeFileSync(`${path}.partial`, bytes);
  renameSync(`${path}.partial`, path);
  const facts: GeneratedKaArchive = {
    path,
    nodeCount: countNodes(model),
    fileBytes: bytes.length,
    entityCount,
    stringCount: model.strings.length,
    generatedSeconds: (performance.now() - started) / 1000,
  };
  writeFileSync(factsPath, JSON.stringify(facts));
  log(
    `  ${facts.nodeCount.toLocaleString('en-US')} values (${entityCount.toLocaleString('en-US')} entities), ` +
      `${(bytes.length / 1e6).toFixed(1)} MB, in ${facts.generatedSeconds.toFixed(0)} s`,
  );
  return facts;
}

/** Nodes the reader makes of a model: every key and every array element, nested ones too. */
function countNodes(archive: KaArchive): number {
  let count = 0;
  const value = (item: KaValue): void => {
    count++;
    if (item.kind === 'archive') for (const entry of item.archive.entries) value(entry.value);
    if (item.kind === 'array') for (const element of item.items) value(element.value);
  };
  for (const entry of archive.entries) value(entry.value);
  return count;
}

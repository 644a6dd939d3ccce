/**
 * A scene as `delve info --json` and the view's export give it: `{format, version,
 * layout, nodeCount, descriptor, versionTags, dataNodes: [{name, id, keyCount}], entities:
 * [{name, components, children}]}`. Ids are decimal strings (a u64 does not fit a JSON
 * number). Built from the model (read.ts parseSc2); throws the FormatError that stopped
 * the read, so a file that does not read is one line naming the offset.
 */
import { FormatError } from '../../binary/format-error.ts';
import { tableOf } from '../ka/display.ts';
import { archiveJson } from '../ka/export.ts';
import type { KaStringTable } from '../ka/read-value.ts';
import type { KaArchive, KaValue } from '../ka/types.ts';
import { parseSc2, SC2_FORMAT } from './read.ts';
import type { Sc2Entity, Sc2Scene } from './types.ts';

export interface Sc2EntityJson {
  name: string;
  components: string[];
  children: Sc2EntityJson[];
}

export interface Sc2DataNodeJson {
  name: string;
  id: string | null;
  keyCount: number;
}

function lookup(archive: KaArchive, key: string, table: KaStringTable | null): KaValue | null {
  for (const entry of archive.entries) {
    const text = entry.key.kind === 'text' ? entry.key.text : table?.byId.get(entry.key.id);
    if (text === key) return entry.value;
  }
  return null;
}

function text(value: KaValue | null, table: KaStringTable | null): string | null {
  if (value?.kind === 'text') return value.text;
  if (value?.kind === 'stringId') return table?.byId.get(value.id) ?? null;
  return null;
}

function dataNodeJson(archive: KaArchive, table: KaStringTable | null): Sc2DataNodeJson {
  const id = lookup(archive, '#id', table);
  return {
    name: text(lookup(archive, '##name', table), table) ?? '',
    id:
      id?.kind === 'bytes' && id.bytes.length === 8
        ? new DataView(id.bytes.buffer, id.bytes.byteOffset, 8).getBigUint64(0, true).toString()
        : null,
    keyCount: archive.entries.length,
  };
}

function components(archive: KaArchive, table: KaStringTable | null): string[] {
  const holder = lookup(archive, 'components', table);
  if (holder?.kind !== 'archive') return [];
  const names: string[] = [];
  for (const entry of holder.archive.entries) {
    if (entry.value.kind !== 'archive') continue;
    const name = text(lookup(entry.value.archive, 'comp.typename', table), table);
    if (name !== null) names.push(name);
  }
  return names;
}

function entityName(archive: KaArchive, table: KaStringTable | null): string {
  return (
    text(lookup(archive, 'name', table), table) ??
    text(lookup(archive, '##name', table), table) ??
    'entity'
  );
}

function classicEntityJson(entity: Sc2Entity): Sc2EntityJson {
  return {
    name: entityName(entity.archive, null),
    components: components(entity.archive, null),
    children: entity.children.map(classicEntityJson),
  };
}

/** Archives in an ARRAY value (`#dataNodes`, `#hierarchy`). */
function archives(value: KaValue | null): KaArchive[] {
  if (value?.kind !== 'array') return [];
  return value.items.flatMap((item) => (item.value.kind === 'archive' ? [item.value.archive] : []));
}

function blitzEntityJson(
  archive: KaArchive,
  table: KaStringTable | null,
  depth: number,
): Sc2EntityJson {
  return {
    name: entityName(archive, table),
    components: components(archive, table),
    // Depth is bounded by the reader's nesting limit already; this guards a model made in code.
    children:
      depth > 64
        ? []
        : archives(lookup(archive, '#hierarchy', table)).map((child) =>
            blitzEntityJson(child, table, depth + 1),
          ),
  };
}

export function sceneJson(scene: Sc2Scene) {
  const body = scene.body;
  let dataNodes: Sc2DataNodeJson[];
  let entities: Sc2EntityJson[];
  if (body.layout === 'classic') {
    dataNodes = body.dataNodes.map((archive) => dataNodeJson(archive, null));
    entities = body.entities.map(classicEntityJson);
  } else {
    const table = tableOf(body.scene, null);
    dataNodes = archives(lookup(body.scene, '#dataNodes', table)).map((archive) =>
      dataNodeJson(archive, table),
    );
    entities = archives(lookup(body.scene, '#hierarchy', table)).map((archive) =>
      blitzEntityJson(archive, table, 0),
    );
  }
  return {
    format: SC2_FORMAT,
    version: scene.version,
    layout: body.layout,
    nodeCount: scene.nodeCount,
    descriptor: scene.descriptor
      ? { size: scene.descriptor.size, fileType: scene.descriptor.fileType }
      : null,
    versionTags: scene.versionTags ? archiveJson(scene.versionTags, null) : null,
    dataNodes,
    entities,
  };
}

/** The whole file as JSON; throws the FormatError that stopped the read. */
export function sc2Json(bytes: Uint8Array) {
  const { value, fatal } = parseSc2(bytes);
  if (fatal) {
    throw new FormatError({
      code: fatal.code,
      offset: fatal.offset ?? 0,
      detail: fatal.message,
      format: SC2_FORMAT,
    });
  }
  return sceneJson(value);
}

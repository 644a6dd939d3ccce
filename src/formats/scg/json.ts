/**
 * A geometry file as `delve info --json` and the view's export give it: `{format, version,
 * polygonGroups: [{name, id, vertexCount, indexCount, vertexFormat, vertexFormatNames,
 * indexFormat, packing}]}`. Ids are decimal strings (a u64 does not fit a JSON number);
 * a value a group lacks is null. Built from the model (read.ts readScg); throws the
 * FormatError that stopped the read, so a file that does not read is one line naming the
 * offset.
 */
import { readScg, SCG_FORMAT } from './read.ts';
import type { ScgPolygonGroupInfo } from './types.ts';

export interface ScgPolygonGroupJson {
  name: string;
  id: string | null;
  vertexCount: number | null;
  indexCount: number | null;
  vertexFormat: number | null;
  vertexFormatNames: string[];
  indexFormat: number | null;
  packing: number | null;
}

export function groupJson(info: ScgPolygonGroupInfo): ScgPolygonGroupJson {
  return {
    name: info.name,
    id: info.id,
    vertexCount: info.vertexCount,
    indexCount: info.indexCount,
    vertexFormat: info.vertexFormat,
    vertexFormatNames: info.vertexFormatNames,
    indexFormat: info.indexFormat,
    packing: info.packing,
  };
}

/** The whole file as JSON; throws the FormatError that stopped the read. */
export function scgJson(bytes: Uint8Array) {
  const { value, groups } = readScg(bytes);
  return { format: SCG_FORMAT, version: value.version, polygonGroups: groups.map(groupJson) };
}

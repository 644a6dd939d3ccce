/**
 * What geometry files add to the generic CLI (model.ts FormatCli): `info` prints the facts
 * and a line per polygon group (name, id, counts, vertex format by name, index size,
 * packing), and `info --json` gives `{format: "scg", version, polygonGroups: [{name, id,
 * vertexCount, indexCount, vertexFormat, vertexFormatNames, indexFormat, packing}], issues}`
 * (json.ts). A file that does not read is refused before this runs, or here: one line naming
 * the offset, exit 1.
 */
import { documentCli } from '../cli-info.ts';
import { vertexFormatHex } from './geometry.ts';
import { scgJson, type ScgPolygonGroupJson } from './json.ts';
import { INDEX_SIZES, PACKING_NAMES } from './types.ts';

const counts = new Intl.NumberFormat('en-US');

function groupLine(group: ScgPolygonGroupJson, index: number): string {
  const count = (value: number | null) => (value === null ? '?' : counts.format(value));
  const format =
    group.vertexFormat === null
      ? 'no vertex format'
      : `${vertexFormatHex(group.vertexFormat)} ${group.vertexFormatNames.join('|') || '(none)'}`;
  const size = group.indexFormat === null ? undefined : INDEX_SIZES[group.indexFormat];
  const indices = size ? `${size * 8}-bit` : `index format ${group.indexFormat ?? '?'}`;
  const packing = group.packing === null ? '?' : (PACKING_NAMES[group.packing] ?? group.packing);
  const name = `${group.name || '(no ##name)'}${group.id === null ? '' : ` id ${group.id}`}`;
  return `  ${index} ${name}: ${count(group.vertexCount)} vertices (${format}), ${count(group.indexCount)} indices (${indices}), packing ${packing}`;
}

export const scgCli = documentCli({
  width: 15,
  json: scgJson,
  lines: (json) => ['polygon groups:', ...json.polygonGroups.map(groupLine)],
});

/**
 * A geometry file as a session: a document of `Header` (a node per field: magic, version,
 * the node count twice) and `Polygon groups/<i> <##name>`, and under every group its keys
 * exactly as a keyed archive's session shows them: the nodes live in a container's node
 * table (../ka/container-table.ts), values are decoded from the file when shown
 * (../ka/node-reader.ts), and the `ka-tree` view answers value, search, JSON and YAML
 * questions. Each group says what its keys mean (details.ts); a `vertices` or `indices`
 * array whose size disagrees with its counts and formats is a warning on its bytes.
 */
import { containerSession, handOverByPath, readContainer } from '../ka/container-session.ts';
import type { ContainerNodeTable } from '../ka/container-table.ts';
import type { Fact, OpenRequest, Session, Span } from '../model.ts';
import { scgDetails } from './details.ts';
import { describeGroup, vertexFormatText, type GroupLookup } from './geometry.ts';
import { scgJson } from './json.ts';
import { parseGroupAt, SCG_FORMAT, walkScg } from './read.ts';
import { ScgTableSink } from './table-sink.ts';
import type { ScgPolygonGroupInfo } from './types.ts';

const counts = new Intl.NumberFormat('en-US');

/** Each group's keys by name (the first of a repeated key, as DAVA's map keeps one). */
function keysOfGroups(table: ContainerNodeTable): Map<number, Map<string, number>> {
  const keys = new Map<number, Map<string, number>>();
  for (let node = 0; node < table.count; node++) {
    const parent = table.parents[node]!;
    if (parent < 0 || !table.bare.has(parent) || !table.hasKey(node)) continue;
    let byKey = keys.get(parent);
    if (!byKey) keys.set(parent, (byKey = new Map()));
    const key = table.keyText(node) ?? '';
    if (!byKey.has(key)) byKey.set(key, node);
  }
  return keys;
}

export async function openScgSession({ sources, services, sink }: OpenRequest): Promise<Session> {
  const source = sources[0]!;
  const bytes = await source.read(0, source.size);
  const { file, walkSink } = await readContainer(
    source,
    bytes,
    services,
    (table) => new ScgTableSink(table),
    (walkSink) => walkScg(bytes, walkSink),
  );
  const { table, reader } = file;

  // What each group read to its end says; its issues go on the node whose bytes they name.
  const infos = new Map<number, ScgPolygonGroupInfo>();
  const keys = keysOfGroups(table);
  walkSink.groups.forEach((group, index) => {
    if (!walkSink.completeGroups.has(group)) return;
    const byKey = keys.get(group) ?? new Map<string, number>();
    const lookup: GroupLookup = (key) => {
      const node = byKey.get(key);
      if (node === undefined || reader.isContainer(node)) return null;
      return {
        value: reader.leafValue(node),
        span: reader.valueSpan(node),
        table: table.table(node),
      };
    };
    const span: Span = { offset: table.starts[group]!, length: table.lengths[group]! };
    const described = describeGroup(index, table.archiveKind(group), lookup, span);
    infos.set(group, described.info);
    for (const issue of described.issues) {
      const at = issue.span?.offset;
      const node = [...byKey.values()].find((key) => table.valueStarts[key] === at) ?? group;
      table.issue({ ...issue, entryIndex: node });
    }
  });

  // Names come from the groups' keys: paths are known only now, so the nodes go over now.
  table.nameAll(
    walkSink.parts.get('groups') ?? -1,
    walkSink.groups,
    walkSink.groups.map((group, index) => {
      const info = infos.get(group);
      const name = info?.name || (info?.id ? `#id ${info.id}` : '');
      return name ? `${index} ${name}` : String(index);
    }),
    new Set(),
  );
  await handOverByPath(table, sink, services);

  const isHeaderField = (node: number) => walkSink.headerFields.has(node);
  const kindOf = (node: number) =>
    isHeaderField(node)
      ? 'value'
      : table.isSection(node)
        ? 'section'
        : table.isRecord(node)
          ? 'record'
          : 'value';
  const details = scgDetails(table, reader, walkSink, infos, bytes);

  const header = walkSink.header;
  const groupInfos = [...infos.values()];
  const sum = (pick: (info: ScgPolygonGroupInfo) => number | null) =>
    groupInfos.reduce((total, info) => total + (pick(info) ?? 0), 0);
  const formats = new Map<number, number>();
  for (const { vertexFormat } of groupInfos) {
    if (vertexFormat !== null) formats.set(vertexFormat, (formats.get(vertexFormat) ?? 0) + 1);
  }
  const facts: Fact[] = [
    ['Version', header ? String(header.version) : 'not read'],
    ['Node count', header ? counts.format(header.nodeCount) : 'not read'],
    ['Total vertices', counts.format(sum((info) => info.vertexCount))],
    ['Total indices', counts.format(sum((info) => info.indexCount))],
  ];
  if (formats.size > 0) {
    const shown = [...formats]
      .slice(0, 4)
      .map(([format, n]) => `${vertexFormatText(format)} × ${n}`);
    facts.push(['Vertex formats', `${shown.join('; ')}${formats.size > 4 ? '; …' : ''}`]);
  }
  return containerSession({
    format: SCG_FORMAT,
    label: `DAVA scene geometry v${header?.version ?? '?'}`,
    facts,
    file,
    texts: details,
    partName: 'file part',
    viewTitle: 'DAVA scene geometry',
    viewVersion: `SCPG v${header?.version ?? '?'}`,
    kindOf,
    searchesValue: (node) => table.bare.has(node) || !table.isRecord(node),
    wholeJson: () => scgJson(bytes),
    archiveAt: (offset) => parseGroupAt(bytes, offset),
    yamlArchives: () => walkSink.groups,
  });
}

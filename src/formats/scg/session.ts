/**
 * A geometry file as a session: a document of `Header` (a node per field: magic, version,
 * the node count twice) and `Polygon groups/<i> <##name>`, and under every group its keys
 * exactly as a keyed archive's session shows them: the nodes live in a container's node
 * table (../ka/container-table.ts), values are decoded from the file when shown
 * (../ka/node-reader.ts), and the `ka-tree` view answers value, search, JSON and YAML
 * questions. Each group says what its keys mean (details.ts); a `vertices` or `indices`
 * array whose size disagrees with its counts and formats is a warning on its bytes.
 */
import { FormatError, hexOffset, toErrorInfo, type ErrorInfo } from '../../binary/format-error.ts';
import { ContainerNodeTable, SECTION_TYPE } from '../ka/container-table.ts';
import { typeName } from '../ka/display.ts';
import { archiveJson, archiveYaml } from '../ka/export.ts';
import { kaNodeReader } from '../ka/node-reader.ts';
import { KA_TREE_VIEW, type KaViewAnswer, type KaViewQuery } from '../ka/types.ts';
import { DEFAULT_COLUMNS, type Fact, type OpenRequest, type Session, type Span } from '../model.ts';
import { scgDetails } from './details.ts';
import { describeGroup, vertexFormatText, type GroupLookup } from './geometry.ts';
import { scgJson } from './json.ts';
import { parseGroupAt, SCG_FORMAT, walkScg } from './read.ts';
import { ScgTableSink } from './table-sink.ts';
import type { ScgPolygonGroupInfo } from './types.ts';

const counts = new Intl.NumberFormat('en-US');
const BATCH = 8192;

function fail(offset: number, detail: string): FormatError {
  return new FormatError({ code: 'OUT_OF_BOUNDS', offset, detail, format: SCG_FORMAT });
}

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
  const table = new ContainerNodeTable(bytes);
  const walkSink = new ScgTableSink(table);
  let fatal: ErrorInfo | null = null;
  const walk = walkScg(bytes, walkSink);
  try {
    for (let step = walk.next(); !step.done; step = walk.next()) {
      table.takePending();
      await services.pause();
    }
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    fatal = toErrorInfo(error);
    table.closeOpen(error.offset);
    walkSink.closeOwn(Math.min(error.offset, bytes.length));
  }
  table.takePending();
  table.trim();
  const count = table.count;
  const reader = kaNodeReader(bytes, table);

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
  for (let start = 0; start < count; start += BATCH) {
    const batch = [];
    for (let node = start; node < Math.min(count, start + BATCH); node++) {
      const size = table.lengths[node]!;
      batch.push({ index: node, path: table.path(node), size, storedSize: size });
    }
    sink.nodes(batch, Math.min(count, start + BATCH), 0);
    await services.pause();
  }

  const nodeAt = (node: number): number => {
    if (!Number.isSafeInteger(node) || node < 0 || node >= count)
      throw fail(0, `there is no node ${node}`);
    return node;
  };
  const isRecord = (node: number) =>
    !table.isSection(node) && (table.bare.has(node) || reader.isContainer(node));
  const isHeaderField = (node: number) => walkSink.headerFields.has(node);
  const kindOf = (node: number) =>
    isHeaderField(node)
      ? 'value'
      : table.isSection(node)
        ? 'section'
        : isRecord(node)
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
  const trailing = table.issues.find(
    (issue) => issue.code === 'TRAILING_BYTES' && issue.entryIndex === undefined,
  );
  if (trailing?.span) {
    facts.push([
      'Trailing bytes',
      `${counts.format(trailing.span.length)} at ${hexOffset(trailing.span.offset)}`,
    ]);
  }

  const search = (text: string, limit: number): KaViewAnswer => {
    const needle = text.toLowerCase();
    const indexes: number[] = [];
    let total = 0;
    for (let node = 0; node < count; node++) {
      const key =
        table.isSection(node) || table.hasName(node)
          ? table.segment(node)
          : table.hasKey(node)
            ? (table.keyText(node) ?? '')
            : '';
      const isMatch =
        key.toLowerCase().includes(needle) ||
        ((table.bare.has(node) || !isRecord(node)) &&
          (details.valueText(node, 1000) ?? '').toLowerCase().includes(needle));
      if (!isMatch) continue;
      total++;
      if (indexes.length < limit) indexes.push(node);
    }
    return { kind: 'search', indexes, total };
  };

  const request = (query: KaViewQuery): KaViewAnswer => {
    switch (query.kind) {
      case 'value': {
        const node = nodeAt(query.index);
        if (table.isSection(node)) {
          return {
            kind: 'value',
            index: node,
            typeId: SECTION_TYPE,
            typeName: details.typeText(node),
            value: { kind: 'text', text: details.sectionText(node) },
          };
        }
        const type = table.types[node]!;
        return {
          kind: 'value',
          index: node,
          typeId: type,
          typeName: typeName(type),
          value: reader.display(node),
        };
      }
      case 'search':
        return search(String(query.text), Math.max(0, Math.floor(Number(query.limit) || 0)));
      case 'json': {
        if (query.index === undefined)
          return { kind: 'json', text: JSON.stringify(scgJson(bytes), null, 2) };
        const node = nodeAt(query.index);
        const json = table.isSection(node)
          ? details.sectionJson(node)
          : table.bare.has(node)
            ? {
                type: 'keyedArchive',
                value: archiveJson(parseGroupAt(bytes, table.starts[node]!), null),
              }
            : reader.json(node);
        return { kind: 'json', text: JSON.stringify(json, null, 2) };
      }
      case 'yaml': {
        // One YAML document per polygon group, in file order, each in DAVA's own form.
        const documents = walkSink.groups.map(
          (node) =>
            `# ${table.path(node)}\n${archiveYaml(parseGroupAt(bytes, table.starts[node]!))}`,
        );
        return { kind: 'yaml', text: documents.join('---\n') };
      }
      default:
        throw new FormatError({
          code: 'BAD_VALUE',
          offset: 0,
          detail: 'unknown view query',
          format: SCG_FORMAT,
        });
    }
  };

  let typeCounts: Record<string, number> | null = null;
  return {
    format: SCG_FORMAT,
    label: `DAVA scene geometry v${header?.version ?? '?'}`,
    facts,
    issues: table.issues,
    fatal,
    layout: 'document',
    columnSets: {
      [DEFAULT_COLUMNS]: [
        { id: 'type', label: 'Type', kind: 'text' },
        { id: 'value', label: 'Value', kind: 'text' },
        { id: 'size', label: 'Bytes', kind: 'size' },
      ],
    },
    nodeCount: () => count,
    nodeTable: () => ({
      path: (node) => table.path(nodeAt(node)),
      size: (node) => table.lengths[nodeAt(node)]!,
      storedSize: (node) => table.lengths[nodeAt(node)]!,
      kind: (node) => kindOf(nodeAt(node)),
      expectedCount: () => count,
    }),
    cell(node, columnId) {
      nodeAt(node);
      if (columnId === 'type') return details.typeText(node);
      if (columnId === 'value') return details.valueText(node, 80);
      return null;
    },
    details(node) {
      nodeAt(node);
      const span: Span = { offset: table.starts[node]!, length: table.lengths[node]! };
      return {
        index: node,
        path: table.path(node),
        kind: kindOf(node),
        size: span.length,
        storedSize: span.length,
        span,
        spanBase: 'file',
        record: null,
        isCompressed: false,
        checksum: null,
        fields: details.fields(node),
      };
    },
    content: {
      storedSpan: (node) => {
        nodeAt(node);
        return { source, span: { offset: table.starts[node]!, length: table.lengths[node]! } };
      },
      read(node) {
        nodeAt(node);
        const start = table.starts[node]!;
        return Promise.resolve({
          bytes: bytes.slice(start, start + table.lengths[node]!),
          warning: null,
        });
      },
    },
    view: {
      kind: KA_TREE_VIEW,
      data: () => {
        if (!typeCounts) {
          typeCounts = {};
          for (let node = 0; node < count; node++) {
            const name = table.isSection(node) ? 'file part' : typeName(table.types[node]!);
            typeCounts[name] = (typeCounts[name] ?? 0) + 1;
          }
        }
        return {
          version: `SCPG v${header?.version ?? '?'}`,
          nodeCount: count,
          typeCounts: { ...typeCounts },
          stringTableSize: table.stringTables[0]?.strings.length ?? 0,
          archiveCount: table.archiveCount,
          issueCount: table.issues.length,
        };
      },
      request: (query) => Promise.resolve().then(() => request(query as KaViewQuery)),
    },
  };
}

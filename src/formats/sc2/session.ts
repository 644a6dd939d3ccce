/**
 * A scene as a session: a document whose top nodes are the scene's parts — Header, Version
 * tags, Descriptor, `Data nodes/<i> <##name>`, Global material, `Entities/<name>/…` with
 * child entities nested (a Blitz scene also shows its top archive as Scene) — and under
 * every archive its keys, exactly as a keyed archive's session shows them: the nodes live
 * in a container's node table (../ka/container-table.ts), values are decoded from the file
 * when shown (../ka/node-reader.ts), and the `ka-tree` view answers value, search, JSON and
 * YAML questions. Entities list their components; a value that names a data node by its `#id`
 * says which one, and so does the entity it is in.
 */
import { toErrorInfo, FormatError, hexOffset, type ErrorInfo } from '../../binary/format-error.ts';
import { typeName } from '../ka/display.ts';
import { archiveJson, archiveYaml } from '../ka/export.ts';
import { kaNodeReader } from '../ka/node-reader.ts';
import { KA_TREE_VIEW, type KaViewAnswer, type KaViewQuery } from '../ka/types.ts';
import { DEFAULT_COLUMNS, type Fact, type OpenRequest, type Session, type Span } from '../model.ts';
import { sc2Json } from './json.ts';
import { chooseSc2Layout, parseBareArchiveAt, sc2Layouts, walkSc2, SC2_FORMAT } from './read.ts';
import { SceneReader, type SceneIndex } from './scene-index.ts';
import { ContainerNodeTable, SECTION_TYPE } from '../ka/container-table.ts';
import { TableSink } from './table-sink.ts';
import { sceneDetails } from './details.ts';

const counts = new Intl.NumberFormat('en-US');
const BATCH = 8192;

function fail(offset: number, detail: string): FormatError {
  return new FormatError({ code: 'OUT_OF_BOUNDS', offset, detail, format: SC2_FORMAT });
}

export async function openSc2Session({ sources, services, sink }: OpenRequest): Promise<Session> {
  const source = sources[0]!;
  const bytes = await source.read(0, source.size);
  const table = new ContainerNodeTable(bytes);
  const version =
    bytes.length >= 8 ? new DataView(bytes.buffer, bytes.byteOffset).getInt32(4, true) : 0;
  // 26–29: both layouts are read on the side first; the one that reads is walked.
  const choice =
    sc2Layouts(version).length > 1
      ? chooseSc2Layout(bytes)
      : { layout: sc2Layouts(version)[0]!, tried: [], failures: [] };
  const walkSink = new TableSink(table);
  let fatal: ErrorInfo | null = null;
  const walk = walkSc2(bytes, walkSink, choice.layout);
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
  const scene = new SceneReader(table, reader);
  const index: SceneIndex = walkSink.index(scene);

  // Paths are known only now (names come from the archives): hand the nodes over.
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
  const isOwn = (node: number) => table.isSection(node) || table.bare.has(node);
  const isRecord = (node: number) =>
    !table.isSection(node) && (table.bare.has(node) || reader.isContainer(node));
  const kindOf = (node: number) =>
    table.isSection(node) ? 'section' : isRecord(node) ? 'record' : 'value';
  const details = sceneDetails(table, reader, index, walkSink, bytes.length);

  const facts: Fact[] = [
    ['Version', String(walkSink.header?.version ?? version)],
    ['Node count', String(walkSink.header?.nodeCount ?? '')],
  ];
  if (walkSink.versionTags >= 0) facts.push(['Version tags', details.versionTagsText()]);
  const descriptor = walkSink.header?.descriptor;
  if (descriptor) facts.push(['Descriptor', details.descriptorText(descriptor)]);
  const layoutName = choice.layout === 'classic' ? 'classic' : 'Blitz';
  facts.push([
    'Layout',
    choice.tried.length > 1 || choice.failures.length > 0
      ? `${layoutName} (v${version} is undocumented: tried ${choice.tried.join(', then ')}; ${layoutName} read${choice.failures.length > 0 ? `; ${choice.failures.join('; ')}` : ''})`
      : layoutName,
  ]);
  facts.push(
    ['Data nodes', details.dataNodesText()],
    ['Entities', counts.format(index.entities.length)],
  );
  if (walkSink.globalMaterial >= 0) facts.push(['Global material', 'yes']);
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
        isOwn(node) || table.hasName(node)
          ? table.segment(node)
          : table.hasKey(node)
            ? (table.keyText(node) ?? '')
            : '';
      const isMatch =
        key.toLowerCase().includes(needle) ||
        (!isRecord(node) &&
          !table.isSection(node) &&
          (reader.shortValue(node, 1000) ?? '').toLowerCase().includes(needle));
      if (!isMatch) continue;
      total++;
      if (indexes.length < limit) indexes.push(node);
    }
    return { kind: 'search', indexes, total };
  };

  const bareJson = (node: number) => ({
    type: 'keyedArchive',
    value: archiveJson(parseBareArchiveAt(bytes, table.starts[node]!), null),
  });

  const request = (query: KaViewQuery): KaViewAnswer => {
    switch (query.kind) {
      case 'value': {
        const node = nodeAt(query.index);
        if (table.isSection(node)) {
          return {
            kind: 'value',
            index: node,
            typeId: SECTION_TYPE,
            typeName: 'scene part',
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
          return { kind: 'json', text: JSON.stringify(sc2Json(bytes), null, 2) };
        const node = nodeAt(query.index);
        const json = table.isSection(node)
          ? details.sectionJson(node)
          : table.bare.has(node)
            ? bareJson(node)
            : reader.json(node);
        return { kind: 'json', text: JSON.stringify(json, null, 2) };
      }
      case 'yaml': {
        // One YAML document per archive of the file, in file order, each in DAVA's own form.
        const documents = [...table.bare].map(
          (node) =>
            `# ${table.path(node)}\n${archiveYaml(parseBareArchiveAt(bytes, table.starts[node]!))}`,
        );
        return { kind: 'yaml', text: documents.join('---\n') };
      }
      default:
        throw new FormatError({
          code: 'BAD_VALUE',
          offset: 0,
          detail: 'unknown view query',
          format: SC2_FORMAT,
        });
    }
  };

  let typeCounts: Record<string, number> | null = null;
  return {
    format: SC2_FORMAT,
    label: `DAVA scene v${walkSink.header?.version ?? version} (${layoutName})`,
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
            const name = table.isSection(node) ? 'scene part' : typeName(table.types[node]!);
            typeCounts[name] = (typeCounts[name] ?? 0) + 1;
          }
        }
        return {
          version: `SFV2 v${walkSink.header?.version ?? version}, ${layoutName}`,
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

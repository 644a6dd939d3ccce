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
import type { Fact, OpenRequest, Session } from '../model.ts';
import { sc2Json } from './json.ts';
import { chooseSc2Layout, parseBareArchiveAt, sc2Layouts, walkSc2, SC2_FORMAT } from './read.ts';
import { SceneReader, type SceneIndex } from './scene-index.ts';
import { containerSession, handOverByPath, readContainer } from '../ka/container-session.ts';
import { TableSink } from './table-sink.ts';
import { sceneDetails } from './details.ts';

const counts = new Intl.NumberFormat('en-US');

export async function openSc2Session({ sources, services, sink }: OpenRequest): Promise<Session> {
  const source = sources[0]!;
  const bytes = await source.read(0, source.size);
  const version =
    bytes.length >= 8 ? new DataView(bytes.buffer, bytes.byteOffset).getInt32(4, true) : 0;
  // 26–29: both layouts are read on the side first; the one that reads is walked.
  const choice =
    sc2Layouts(version).length > 1
      ? chooseSc2Layout(bytes)
      : { layout: sc2Layouts(version)[0]!, tried: [], failures: [] };
  const { file, walkSink } = await readContainer(
    source,
    bytes,
    services,
    (table) => new TableSink(table),
    (walkSink) => walkSc2(bytes, walkSink, choice.layout),
  );
  const { table, reader } = file;
  const scene = new SceneReader(table, reader);
  const index: SceneIndex = walkSink.index(scene);

  // Paths are known only now (names come from the archives): hand the nodes over.
  await handOverByPath(table, sink, services);

  const kindOf = (node: number) =>
    table.isSection(node) ? 'section' : table.isRecord(node) ? 'record' : 'value';
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
  return containerSession({
    format: SC2_FORMAT,
    label: `DAVA scene v${walkSink.header?.version ?? version} (${layoutName})`,
    facts,
    file,
    texts: details,
    partName: 'scene part',
    viewTitle: 'DAVA scene',
    viewVersion: `SFV2 v${walkSink.header?.version ?? version}, ${layoutName}`,
    kindOf,
    searchesValue: (node) => !table.isRecord(node) && !table.isSection(node),
    wholeJson: () => sc2Json(bytes),
    archiveAt: (offset) => parseBareArchiveAt(bytes, offset),
    yamlArchives: () => [...table.bare],
  });
}

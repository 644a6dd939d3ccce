/**
 * DAVA scene files (`.sc2`, World of Tanks Blitz): keyed archives (../ka) in a container.
 * spec.md has the facts. A file is:
 *
 *   "SFV2" i32 version i32 nodeCount
 *   version ≥ 14: a v1 archive of version tags
 *   version ≥ 10: u32 descriptorSize, then that many bytes (u32 fileType first)
 *   classic body (≤ 25): i32 dataNodeCount, that many bare v1 archives (no length before
 *     them), maybe one GlobalMaterial archive, then nodeCount entity archives in pre-order:
 *     each entity's `#childrenCount` children follow it
 *   Blitz body (≥ 30): one v2 top archive with `#dataNodes`, `#hierarchy`, …
 *   versions 26–29 are undocumented: both bodies are tried, classic first.
 *
 * The walk is a generator that reports to an `Sc2Sink`: `parseSc2` builds the model from
 * it, the session a node table. Counts are checked against the bytes left before any loop
 * (a bare archive takes at least 8 bytes), the entity tree stops at 64 levels, and the
 * pre-order walk keeps an explicit stack, so no file can make it recurse or loop forever:
 * every archive it reads moves it forward.
 */
import { ByteReader } from '../../binary/byte-reader.ts';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { KaModelBuilder } from '../ka/model-builder.ts';
import { runKaWalk, walkKaArchive, type KaWalkSink } from '../ka/read.ts';
import type { KaArchive } from '../ka/types.ts';
import type { Issue, ParseResult } from '../model.ts';
import { RootLeafSpy } from './root-leaf.ts';
import {
  SC2_DESCRIPTOR_FROM,
  SC2_FIRST_BLITZ,
  SC2_LAST_CLASSIC,
  SC2_VERSION_TAGS_FROM,
  type Sc2Descriptor,
  type Sc2Entity,
  type Sc2Layout,
  type Sc2LayoutChoice,
  type Sc2Scene,
} from './types.ts';

export const SC2_FORMAT = 'sc2';
/** Least bytes of a bare archive: `KA`, version, tag and a u32 count. */
export const SC2_MIN_ARCHIVE = 8;
/** Entities nested deeper than this stop the read. */
export const SC2_MAX_DEPTH = 64;

/** What a bare archive of the scene is. */
export type Sc2Role = 'versionTags' | 'dataNode' | 'globalMaterial' | 'entity' | 'scene';

/** Parts of the file that are no archive, and the groups archives come in. */
export type Sc2PartKind = 'header' | 'descriptor' | 'dataNodes' | 'entities';

export interface Sc2Header {
  version: number;
  nodeCount: number;
  descriptor: Sc2Descriptor | null;
}

/** What the walk reports, in file order. */
export interface Sc2Sink {
  headerRead(header: Sc2Header): void;
  /** A part begins at `start` (groups: before their first archive) … */
  beginPart(kind: Sc2PartKind, start: number): void;
  /** … and ends at `end`. Parts do not nest; archives of a group sit inside it. */
  endPart(kind: Sc2PartKind, end: number): void;
  /**
   * A bare archive begins at `start`: the sink says what to walk it with. `ordinal` counts
   * archives of the role; an entity's `parent` is its parent's ordinal (-1: top level).
   */
  beginArchive(
    role: Sc2Role,
    start: number,
    ordinal: number,
    parent: number,
  ): { sink: KaWalkSink; owner: number };
  endArchive(role: Sc2Role, end: number): void;
  issue(issue: Issue): void;
}

function fail(code: ErrorCode, offset: number, detail: string): FormatError {
  return new FormatError({ code, offset, detail, format: SC2_FORMAT });
}

/** A keyed-archive error raised inside the scene, as the scene's own. */
export function asSc2Error(error: FormatError): FormatError {
  return new FormatError({
    code: error.code,
    offset: error.offset,
    detail: error.detail,
    format: SC2_FORMAT,
    path: error.path,
  });
}

export function hasSc2Magic(head: Uint8Array): boolean {
  return head[0] === 0x53 && head[1] === 0x46 && head[2] === 0x56 && head[3] === 0x32;
}

/** The layouts to try for a version, in order. */
export function sc2Layouts(version: number): Sc2Layout[] {
  if (version <= SC2_LAST_CLASSIC) return ['classic'];
  if (version >= SC2_FIRST_BLITZ) return ['blitz'];
  return ['classic', 'blitz'];
}

function readHeader(reader: ByteReader): Sc2Header {
  reader.need(12, 'scene header');
  if (!hasSc2Magic(reader.bytesView(4)))
    throw fail(ErrorCode.BAD_MAGIC, 0, 'not a scene (no "SFV2")');
  const version = reader.i32le('version');
  if (version < 1) throw fail(ErrorCode.UNSUPPORTED_VERSION, 4, `scene version ${version}`);
  const nodeCount = reader.i32le('node count');
  if (nodeCount < 0) throw fail(ErrorCode.BAD_COUNT, 8, `${nodeCount} nodes`);
  return { version, nodeCount, descriptor: null };
}

function readDescriptor(reader: ByteReader): Sc2Descriptor {
  const at = reader.offset;
  const size = reader.u32le('descriptor size');
  if (size > reader.remaining) {
    throw fail(
      ErrorCode.OUT_OF_BOUNDS,
      at,
      `descriptor of ${size} bytes, ${reader.remaining} left`,
    );
  }
  const bytes = reader.bytesView(size, 'descriptor');
  const fileType =
    size >= 4 ? (bytes[0]! | (bytes[1]! << 8) | (bytes[2]! << 16) | (bytes[3]! << 24)) >>> 0 : null;
  return { size, bytes, fileType };
}

/** A count of bare archives at the reader, checked against the bytes left. */
function readArchiveCount(reader: ByteReader, what: string): number {
  const at = reader.offset;
  const count = reader.i32le(what);
  if (count < 0 || count * SC2_MIN_ARCHIVE > reader.remaining) {
    throw fail(ErrorCode.BAD_COUNT, at, `${count} ${what}, ${reader.remaining} bytes left`);
  }
  return count;
}

function* walkBare(
  reader: ByteReader,
  sink: Sc2Sink,
  role: Sc2Role,
  ordinal: number,
  parent: number,
  spyKey: string | null = null,
): Generator<void, RootLeafSpy | null, void> {
  const start = reader.offset;
  const target = sink.beginArchive(role, start, ordinal, parent);
  const spy = spyKey ? new RootLeafSpy(target.sink, target.owner, spyKey, reader.bytes) : null;
  yield* walkKaArchive(reader, spy ?? target.sink, target.owner);
  sink.endArchive(role, reader.offset);
  yield;
  return spy;
}

/** The bare archive at `offset` as a model (a node's export, a look ahead). Throws FormatError. */
export function parseBareArchiveAt(bytes: Uint8Array, offset: number): KaArchive {
  const builder = new KaModelBuilder(bytes);
  const reader = new ByteReader(bytes, 0, SC2_FORMAT);
  reader.seek(offset);
  const walk = walkKaArchive(reader, builder);
  for (let step = walk.next(); !step.done; step = walk.next());
  return builder.root;
}

/**
 * Whether the archive at `offset` is the GlobalMaterial one: read on the side (a bare
 * archive has no length, so there is no looking at its keys without reading it). An
 * archive that does not read is left for the entity walk to fail on.
 */
export function isGlobalMaterialAt(bytes: Uint8Array, offset: number): boolean {
  let archive: KaArchive;
  try {
    archive = parseBareArchiveAt(bytes, offset);
  } catch (error) {
    if (error instanceof FormatError) return false;
    throw error;
  }
  const name = entryOf(archive, '##name')?.value;
  return name?.kind === 'text' && name.text === 'GlobalMaterial';
}

function* walkClassicBody(
  reader: ByteReader,
  sink: Sc2Sink,
  nodeCount: number,
): Generator<void, void, void> {
  sink.beginPart('dataNodes', reader.offset);
  const dataNodeCount = readArchiveCount(reader, 'data nodes');
  for (let index = 0; index < dataNodeCount; index++) {
    yield* walkBare(reader, sink, 'dataNode', index, -1);
  }
  sink.endPart('dataNodes', reader.offset);
  if (reader.remaining >= SC2_MIN_ARCHIVE && isGlobalMaterialAt(reader.bytes, reader.offset)) {
    yield* walkBare(reader, sink, 'globalMaterial', 0, -1);
  }
  if (nodeCount * SC2_MIN_ARCHIVE > reader.remaining) {
    throw fail(ErrorCode.BAD_COUNT, 8, `${nodeCount} entities, ${reader.remaining} bytes left`);
  }
  sink.beginPart('entities', reader.offset);
  // Pre-order with an explicit stack: each frame is an entity still owed children.
  const owed: Array<{ ordinal: number; left: number }> = [{ ordinal: -1, left: nodeCount }];
  let ordinal = 0;
  while (owed.length > 0) {
    const frame = owed[owed.length - 1]!;
    if (frame.left === 0) {
      owed.pop();
      continue;
    }
    frame.left--;
    const start = reader.offset;
    if (owed.length > SC2_MAX_DEPTH) {
      throw fail(ErrorCode.TOO_LARGE, start, `entities nested deeper than ${SC2_MAX_DEPTH}`);
    }
    const spy = yield* walkBare(reader, sink, 'entity', ordinal, frame.ordinal, '#childrenCount');
    const children = spy?.value;
    let count = 0;
    if (!children || children.kind !== 'int') {
      sink.issue({
        severity: 'warning',
        code: 'NO_CHILDREN_COUNT',
        message: `entity ${ordinal} has no int #childrenCount; read as having no children`,
        span: { offset: start, length: reader.offset - start },
      });
    } else {
      count = children.value;
      const at = spy.valueStart + 1;
      if (count < 0 || count * SC2_MIN_ARCHIVE > reader.remaining) {
        throw fail(ErrorCode.BAD_COUNT, at, `${count} children, ${reader.remaining} bytes left`);
      }
    }
    if (count > 0) owed.push({ ordinal, left: count });
    ordinal++;
  }
  sink.endPart('entities', reader.offset);
}

/**
 * The walk of a whole file in one layout (the header's version picks it; `layout`
 * forces one). Throws FormatError where the bytes stop making sense.
 */
export function* walkSc2(
  bytes: Uint8Array,
  sink: Sc2Sink,
  layout?: Sc2Layout,
): Generator<void, void, void> {
  const reader = new ByteReader(bytes, 0, SC2_FORMAT);
  try {
    sink.beginPart('header', 0);
    const header = readHeader(reader);
    sink.endPart('header', 12);
    if (header.version >= SC2_VERSION_TAGS_FROM) {
      yield* walkBare(reader, sink, 'versionTags', 0, -1);
    }
    if (header.version >= SC2_DESCRIPTOR_FROM) {
      sink.beginPart('descriptor', reader.offset);
      header.descriptor = readDescriptor(reader);
      sink.endPart('descriptor', reader.offset);
    }
    sink.headerRead(header);
    const chosen = layout ?? sc2Layouts(header.version)[0]!;
    if (chosen === 'classic') yield* walkClassicBody(reader, sink, header.nodeCount);
    else yield* walkBare(reader, sink, 'scene', 0, -1);
    if (reader.remaining > 0) {
      sink.issue({
        severity: 'warning',
        code: 'TRAILING_BYTES',
        message: `${reader.remaining} bytes after the scene`,
        span: { offset: reader.offset, length: reader.remaining },
      });
    }
  } catch (error) {
    if (error instanceof FormatError) throw asSc2Error(error);
    throw error;
  }
}

/** The sink that builds the model: one KaModelBuilder per bare archive. */
class Sc2ModelSink implements Sc2Sink {
  readonly scene: Sc2Scene = {
    version: 0,
    nodeCount: 0,
    versionTags: null,
    descriptor: null,
    body: { layout: 'classic', dataNodes: [], globalMaterial: null, entities: [] },
  };
  readonly issues: Issue[] = [];
  /** Where the last archive ended: how far the read got. */
  end = 0;
  private builder: KaModelBuilder | null = null;
  private readonly entities: Sc2Entity[] = [];

  constructor(
    private readonly bytes: Uint8Array,
    layout: Sc2Layout,
  ) {
    if (layout === 'blitz') {
      this.scene.body = { layout: 'blitz', scene: { kind: 'top', strings: [], entries: [] } };
    }
  }

  headerRead(header: Sc2Header): void {
    this.scene.version = header.version;
    this.scene.nodeCount = header.nodeCount;
    this.scene.descriptor = header.descriptor;
  }

  beginPart(): void {}

  endPart(_kind: Sc2PartKind, end: number): void {
    this.end = end;
  }

  beginArchive(
    role: Sc2Role,
    _start: number,
    _ordinal: number,
    parent: number,
  ): { sink: KaWalkSink; owner: number } {
    this.builder = new KaModelBuilder(this.bytes);
    const archive = this.builder.root;
    const body = this.scene.body;
    if (role === 'versionTags') this.scene.versionTags = archive;
    else if (role === 'scene' && body.layout === 'blitz') body.scene = archive;
    else if (body.layout === 'classic') {
      if (role === 'dataNode') body.dataNodes.push(archive);
      else if (role === 'globalMaterial') body.globalMaterial = archive;
      else if (role === 'entity') {
        const entity: Sc2Entity = { archive, children: [] };
        (parent < 0 ? body.entities : this.entities[parent]!.children).push(entity);
        this.entities.push(entity);
      }
    }
    return { sink: this.builder, owner: -1 };
  }

  endArchive(_role: Sc2Role, end: number): void {
    this.issues.push(...(this.builder?.issues ?? []));
    this.end = end;
  }

  issue(issue: Issue): void {
    this.issues.push(issue);
  }
}

export interface Sc2ParseResult extends ParseResult<Sc2Scene> {
  choice: Sc2LayoutChoice;
}

function parseAs(bytes: Uint8Array, layout: Sc2Layout | undefined) {
  const version =
    bytes.length >= 8 ? new DataView(bytes.buffer, bytes.byteOffset).getInt32(4, true) : 0;
  const chosen = layout ?? sc2Layouts(version)[0]!;
  const sink = new Sc2ModelSink(bytes, chosen);
  const fatal = runKaWalk(walkSc2(bytes, sink, chosen));
  const scene = sink.scene;
  if (!fatal && sink.end < bytes.length) {
    const trailingAt = Math.max(sink.end, 0);
    if (trailingAt < bytes.length) scene.trailing = bytes.slice(trailingAt);
  }
  return { scene, issues: sink.issues, fatal, end: sink.end, layout: chosen };
}

/**
 * Which layout reads the file. For 26–29 both are tried, classic first: the first that
 * reads to its end wins; when neither does, the one that got further.
 */
export function chooseSc2Layout(bytes: Uint8Array): Sc2LayoutChoice {
  return parseSc2(bytes).choice;
}

/** Reads a whole scene into the model: what was read, its issues, and why it stopped. */
export function parseSc2(bytes: Uint8Array, layout?: Sc2Layout): Sc2ParseResult {
  const version =
    bytes.length >= 8 ? new DataView(bytes.buffer, bytes.byteOffset).getInt32(4, true) : 0;
  const layouts = layout ? [layout] : sc2Layouts(version);
  const tried: Sc2Layout[] = [];
  const failures: string[] = [];
  let best: ReturnType<typeof parseAs> | null = null;
  for (const candidate of layouts) {
    const result = parseAs(bytes, candidate);
    tried.push(candidate);
    if (!result.fatal) {
      best = result;
      break;
    }
    failures.push(`${candidate}: ${result.fatal.message}`);
    if (!best || (result.fatal.offset ?? 0) > (best.fatal?.offset ?? 0)) best = result;
  }
  const chosen = best!;
  return {
    value: chosen.scene,
    issues: chosen.issues,
    fatal: chosen.fatal,
    choice: {
      layout: chosen.layout,
      tried,
      failures: chosen.fatal
        ? failures
        : failures.filter((text) => !text.startsWith(chosen.layout)),
    },
  };
}

/** The archive's first leaf of a text key, for naming (`##name`, `name`, `#id`). */
export function entryOf(archive: KaArchive, key: string) {
  return archive.entries.find((entry) => entry.key.kind === 'text' && entry.key.text === key);
}

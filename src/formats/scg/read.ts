/**
 * DAVA scene geometry (`.scg`, World of Tanks Blitz): the polygon groups a Blitz scene's
 * render batches draw, kept beside the scene in a file of their own. spec.md has the facts.
 * A file is:
 *
 *   0x0  "SCPG"
 *   0x4  u32 version          1
 *   0x8  u32 nodeCount
 *   0xC  u32 nodeCount        again; the two must agree
 *   0x10 nodeCount bare v1 keyed archives (../ka), back to back with no length before
 *        them: PolygonGroup archives (`vertices`, `indices`, `vertexFormat`, …)
 *
 * The file ends with the last archive; bytes after it are an issue, kept for the writer.
 * The walk is a generator that reports to an `ScgSink`: `parseScg` builds the model from
 * it, the session a node table. The count is checked against the bytes left before the
 * loop (a bare archive takes at least 8 bytes), and every archive the loop reads moves it
 * forward, so no file can make it loop long.
 */
import { ByteReader } from '../../binary/byte-reader.ts';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { keyText, tableOf } from '../ka/display.ts';
import { KaModelBuilder } from '../ka/model-builder.ts';
import { runKaWalk, walkKaArchive, type KaWalkSink } from '../ka/read.ts';
import type { KaArchive } from '../ka/types.ts';
import type { Issue, ParseResult, Span } from '../model.ts';
import { describeGroup, type GroupLookup } from './geometry.ts';
import { SCG_HEADER_SIZE, SCG_VERSION, type ScgFile, type ScgPolygonGroupInfo } from './types.ts';

export const SCG_FORMAT = 'scg';
/** Least bytes of a bare archive: `KA`, version, tag and a u32 count. */
export const SCG_MIN_ARCHIVE = 8;

/** The header's four fields, each a u32 (the magic as its four bytes). */
export type ScgHeaderField = 'magic' | 'version' | 'nodeCount' | 'nodeCountAgain';

/** Parts of the file that are no archive: the header, and the group the archives are in. */
export type ScgPartKind = 'header' | 'groups';

export interface ScgHeader {
  version: number;
  nodeCount: number;
}

/** What the walk reports, in file order. */
export interface ScgSink {
  /** A part begins at `start` … */
  beginPart(kind: ScgPartKind, start: number): void;
  /** … and ends at `end`. Parts do not nest; the groups sit inside `groups`. */
  endPart(kind: ScgPartKind, end: number): void;
  /** A header field was read (before it is checked, so a bad one is still shown). */
  headerField(field: ScgHeaderField, offset: number, value: number): void;
  /** The header was read and checked. */
  headerRead(header: ScgHeader): void;
  /** Polygon group `index` begins at `start`: the sink says what to walk its archive with. */
  beginGroup(index: number, start: number): { sink: KaWalkSink; owner: number };
  endGroup(index: number, end: number): void;
  issue(issue: Issue): void;
}

function fail(code: ErrorCode, offset: number, detail: string): FormatError {
  return new FormatError({ code, offset, detail, format: SCG_FORMAT });
}

/** A keyed-archive error raised inside the file, as the geometry file's own. */
export function asScgError(error: FormatError): FormatError {
  return new FormatError({
    code: error.code,
    offset: error.offset,
    detail: error.detail,
    format: SCG_FORMAT,
    path: error.path,
  });
}

export function hasScgMagic(head: Uint8Array): boolean {
  return head[0] === 0x53 && head[1] === 0x43 && head[2] === 0x50 && head[3] === 0x47;
}

function readHeader(reader: ByteReader, sink: ScgSink): ScgHeader {
  reader.need(4, 'magic');
  const magic = reader.bytesView(4);
  sink.headerField('magic', 0, new DataView(magic.buffer, magic.byteOffset, 4).getUint32(0, true));
  if (!hasScgMagic(magic)) throw fail(ErrorCode.BAD_MAGIC, 0, 'not scene geometry (no "SCPG")');
  const version = reader.u32le('version');
  sink.headerField('version', 4, version);
  if (version !== SCG_VERSION) {
    throw fail(ErrorCode.UNSUPPORTED_VERSION, 4, `geometry version ${version}; only 1 is known`);
  }
  const nodeCount = reader.u32le('node count');
  sink.headerField('nodeCount', 8, nodeCount);
  const again = reader.u32le('node count (again)');
  sink.headerField('nodeCountAgain', 12, again);
  if (again !== nodeCount) {
    throw fail(ErrorCode.BAD_COUNT, 12, `node count ${again} here, ${nodeCount} at 0x8`);
  }
  if (nodeCount * SCG_MIN_ARCHIVE > reader.remaining) {
    throw fail(
      ErrorCode.BAD_COUNT,
      8,
      `${nodeCount} polygon groups need more than the ${reader.remaining} bytes left`,
    );
  }
  return { version, nodeCount };
}

/** The walk of a whole file. Throws FormatError where the bytes stop making sense. */
export function* walkScg(bytes: Uint8Array, sink: ScgSink): Generator<void, void, void> {
  const reader = new ByteReader(bytes, 0, SCG_FORMAT);
  try {
    sink.beginPart('header', 0);
    const header = readHeader(reader, sink);
    sink.endPart('header', SCG_HEADER_SIZE);
    sink.headerRead(header);
    sink.beginPart('groups', reader.offset);
    for (let index = 0; index < header.nodeCount; index++) {
      const target = sink.beginGroup(index, reader.offset);
      yield* walkKaArchive(reader, target.sink, target.owner);
      sink.endGroup(index, reader.offset);
      yield;
    }
    sink.endPart('groups', reader.offset);
    if (reader.remaining > 0) {
      sink.issue({
        severity: 'warning',
        code: 'TRAILING_BYTES',
        message: `${reader.remaining} bytes after the last polygon group`,
        span: { offset: reader.offset, length: reader.remaining },
      });
    }
  } catch (error) {
    if (error instanceof FormatError) throw asScgError(error);
    throw error;
  }
}

/**
 * The first pair of a group's model with a key (the model's lookup for geometry.ts); a v2
 * group's key ids resolve through its table, as the session's node table resolves them.
 */
export function modelLookup(archive: KaArchive): GroupLookup {
  const table = tableOf(archive, null);
  return (key) => {
    const entry = archive.entries.find((candidate) => keyText(candidate.key, table) === key);
    return entry?.valueSpan ? { value: entry.value, span: entry.valueSpan, table } : null;
  };
}

/** The sink that builds the model: one KaModelBuilder per group. */
class ScgModelSink implements ScgSink {
  readonly file: ScgFile = { version: 0, groups: [] };
  readonly infos: ScgPolygonGroupInfo[] = [];
  readonly issues: Issue[] = [];
  /** Where the last part or group ended: how far the read got. */
  end = 0;
  private builder: KaModelBuilder | null = null;

  constructor(private readonly bytes: Uint8Array) {}

  beginPart(): void {}

  endPart(_kind: ScgPartKind, end: number): void {
    this.end = end;
  }

  headerField(): void {}

  headerRead(header: ScgHeader): void {
    this.file.version = header.version;
  }

  beginGroup(): { sink: KaWalkSink; owner: number } {
    this.builder = new KaModelBuilder(this.bytes);
    this.file.groups.push(this.builder.root);
    return { sink: this.builder, owner: -1 };
  }

  endGroup(index: number, end: number): void {
    const builder = this.builder!;
    this.issues.push(...builder.issues);
    const archive = builder.root;
    const span: Span = archive.span ?? { offset: this.end, length: end - this.end };
    const { info, issues } = describeGroup(index, archive.kind, modelLookup(archive), span);
    this.infos.push(info);
    this.issues.push(...issues);
    this.end = end;
  }

  issue(issue: Issue): void {
    this.issues.push(issue);
  }
}

export interface ScgParseResult extends ParseResult<ScgFile> {
  /** What each group that was read whole says (geometry.ts). */
  groups: ScgPolygonGroupInfo[];
}

/** Reads a whole file into the model: what was read, its issues, and why it stopped. */
export function parseScg(bytes: Uint8Array): ScgParseResult {
  const sink = new ScgModelSink(bytes);
  const fatal = runKaWalk(walkScg(bytes, sink));
  const file = sink.file;
  if (!fatal && sink.end < bytes.length) file.trailing = bytes.slice(sink.end);
  return { value: file, issues: sink.issues, fatal, groups: sink.infos };
}

/** Reads a whole file that must read to its end: the FormatError that stops it is thrown. */
export function readScg(bytes: Uint8Array): Omit<ScgParseResult, 'fatal'> {
  const sink = new ScgModelSink(bytes);
  const walk = walkScg(bytes, sink);
  for (let step = walk.next(); !step.done; step = walk.next());
  const file = sink.file;
  if (sink.end < bytes.length) file.trailing = bytes.slice(sink.end);
  return { value: file, issues: sink.issues, groups: sink.infos };
}

/** The bare archive at `offset` as a model (a node's export). Throws FormatError. */
export function parseGroupAt(bytes: Uint8Array, offset: number): KaArchive {
  const builder = new KaModelBuilder(bytes);
  const reader = new ByteReader(bytes, 0, SCG_FORMAT);
  try {
    reader.seek(offset);
    const walk = walkKaArchive(reader, builder);
    for (let step = walk.next(); !step.done; step = walk.next());
  } catch (error) {
    if (error instanceof FormatError) throw asScgError(error);
    throw error;
  }
  return builder.root;
}

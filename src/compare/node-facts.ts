/**
 * What the diff reads of a session's nodes (stable path, size, stored checksum), as a few
 * compact arrays that cross a worker boundary by transfer: the decoder that already holds a
 * file's session tells them, and a comparison diffs two files without reading either table
 * again. Paths travel as UTF-8 bytes, decoded a block of nodes at a time as the diff reaches
 * them: the first rows wait for neither a whole text to be built nor one to be decoded.
 */
import type { ErrorInfo } from '../binary/format-error.ts';
import type { Session } from '../formats/model.ts';
import { sideOf, type ComparedSide } from './diff-sessions.ts';

export interface NodeFacts {
  /** The format's id and human name: two sides of different formats are not compared. */
  format: string;
  label: string;
  /** Whether nodes are an archive's files or a document's nodes (which may hold others). */
  layout: Session['layout'];
  count: number;
  /** Every node's path, one after another, UTF-8. */
  pathBytes: Uint8Array<ArrayBuffer>;
  /** Where node `i`'s path ends in `pathBytes`; it starts where `i - 1`'s ends. */
  pathEnds: Uint32Array<ArrayBuffer>;
  /** Unpacked bytes of each node. */
  sizes: Float64Array<ArrayBuffer>;
  /** Stored checksum of each node, unsigned; NaN where it keeps none. */
  checksums: Float64Array<ArrayBuffer>;
  /** Whether the session can give its nodes' content. */
  hasContent: boolean;
  /** Why the session's read stopped; null when it read to the end. */
  fatal: ErrorInfo | null;
}

/** Nodes whose paths are decoded at once, when the diff first reads one of them. */
const PATH_BLOCK = 1024;

/** The facts of every node of `session`, as the diff would read them from it. */
export function nodeFactsOf(session: Session): NodeFacts {
  const side = sideOf(session);
  const { count } = side;
  const encoder = new TextEncoder();
  let pathBytes = new Uint8Array(Math.max(1024, count * 48));
  const pathEnds = new Uint32Array(count);
  const sizes = new Float64Array(count);
  const checksums = new Float64Array(count);
  let end = 0;
  for (let index = 0; index < count; index++) {
    const path = side.path(index);
    // Three bytes at most for each UTF-16 unit.
    if (end + path.length * 3 > pathBytes.length) {
      const grown = new Uint8Array(Math.max(pathBytes.length * 2, end + path.length * 3));
      grown.set(pathBytes.subarray(0, end));
      pathBytes = grown;
    }
    // Paths are mostly ASCII: copied unit by unit, the encoder taking over at the first other.
    let unit = 0;
    for (; unit < path.length; unit++) {
      const code = path.charCodeAt(unit);
      if (code >= 0x80) break;
      pathBytes[end + unit] = code;
    }
    end += unit;
    if (unit < path.length) {
      end += encoder.encodeInto(path.slice(unit), pathBytes.subarray(end)).written;
    }
    pathEnds[index] = end;
    sizes[index] = side.size(index);
    checksums[index] = side.checksum(index) ?? Number.NaN;
  }
  return {
    format: session.format,
    label: session.label,
    layout: session.layout,
    count,
    pathBytes: pathBytes.slice(0, end),
    pathEnds,
    sizes,
    checksums,
    hasContent: session.content !== undefined,
    fatal: session.fatal,
  };
}

/** The buffers to transfer with `facts` (they are then unusable on the sending side). */
export function nodeFactsBuffers(facts: NodeFacts): ArrayBuffer[] {
  return [
    facts.pathBytes.buffer,
    facts.pathEnds.buffer,
    facts.sizes.buffer,
    facts.checksums.buffer,
  ];
}

/**
 * A side of the diff read from `facts`; `session` opens the same file's session for what the
 * facts do not decide (content, values), once, when first asked.
 */
export function sideOfFacts(facts: NodeFacts, session: () => Promise<Session>): ComparedSide {
  const { count, pathBytes, pathEnds, sizes, checksums } = facts;
  if (pathEnds.length !== count || sizes.length !== count || checksums.length !== count) {
    throw new RangeError(`node facts of ${count} nodes hold arrays of other lengths`);
  }
  const bytesEnd = count === 0 ? 0 : pathEnds[count - 1]!;
  if (bytesEnd !== pathBytes.length) {
    throw new RangeError(`node facts' paths end at ${bytesEnd} of ${pathBytes.length} bytes`);
  }
  const decoder = new TextDecoder();
  const startOf = (index: number) => (index === 0 ? 0 : pathEnds[index - 1]!);
  const blocks: (string[] | undefined)[] = [];
  /** The paths of one block of nodes: one decode, cut where each ends when all are ASCII. */
  function decodeBlock(block: number): string[] {
    const first = block * PATH_BLOCK;
    const last = Math.min(count, first + PATH_BLOCK);
    const base = startOf(first);
    const text = decoder.decode(pathBytes.subarray(base, startOf(last)));
    const isAscii = text.length === startOf(last) - base;
    const paths = new Array<string>(last - first);
    for (let index = first; index < last; index++) {
      const start = startOf(index);
      const end = Math.max(start, pathEnds[index]!);
      paths[index - first] = isAscii
        ? text.slice(start - base, end - base)
        : decoder.decode(pathBytes.subarray(start, end));
    }
    return paths;
  }
  let opening: Promise<Session> | null = null;
  return {
    count,
    path(index) {
      const block = Math.floor(index / PATH_BLOCK);
      const paths = (blocks[block] ??= decodeBlock(block));
      return paths[index - block * PATH_BLOCK]!;
    },
    size: (index) => sizes[index]!,
    checksum(index) {
      const value = checksums[index]!;
      return Number.isNaN(value) ? null : value;
    },
    session: () => (opening ??= session()),
  };
}

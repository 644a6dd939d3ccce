/**
 * What the diff reads of a session's nodes (stable path, size, stored checksum), as a few
 * compact arrays that cross a worker boundary by transfer: the decoder that already holds a
 * file's session tells them, and a comparison diffs two files without reading either table
 * again. Paths travel as one UTF-8 text; `pathEnds` are offsets in the decoded text (UTF-16
 * units: the encoder turns a lone surrogate into U+FFFD, one unit too, so they hold).
 */
import type { ErrorInfo } from '../binary/format-error.ts';
import type { Session } from '../formats/model.ts';
import { sideOf, type ComparedSide } from './diff-sessions.ts';

export interface NodeFacts {
  /** The format's id and human name: two sides of different formats are not compared. */
  format: string;
  label: string;
  count: number;
  /** Every node's path, one after another, UTF-8. */
  pathBytes: Uint8Array<ArrayBuffer>;
  /** Where node `i`'s path ends in the decoded text; it starts where `i - 1`'s ends. */
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

/** The facts of every node of `session`, as the diff would read them from it. */
export function nodeFactsOf(session: Session): NodeFacts {
  const side = sideOf(session);
  const { count } = side;
  const paths = new Array<string>(count);
  const pathEnds = new Uint32Array(count);
  const sizes = new Float64Array(count);
  const checksums = new Float64Array(count);
  let end = 0;
  for (let index = 0; index < count; index++) {
    const path = side.path(index);
    paths[index] = path;
    end += path.length;
    pathEnds[index] = end;
    sizes[index] = side.size(index);
    checksums[index] = side.checksum(index) ?? Number.NaN;
  }
  return {
    format: session.format,
    label: session.label,
    count,
    pathBytes: new TextEncoder().encode(paths.join('')),
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
  const { count, pathEnds, sizes, checksums } = facts;
  if (pathEnds.length !== count || sizes.length !== count || checksums.length !== count) {
    throw new RangeError(`node facts of ${count} nodes hold arrays of other lengths`);
  }
  const text = new TextDecoder().decode(facts.pathBytes);
  if (count > 0 && pathEnds[count - 1] !== text.length) {
    throw new RangeError(`node facts' paths end at ${pathEnds[count - 1]} of ${text.length}`);
  }
  let opening: Promise<Session> | null = null;
  return {
    count,
    path: (index) => text.slice(index === 0 ? 0 : pathEnds[index - 1], pathEnds[index]),
    size: (index) => sizes[index]!,
    checksum(index) {
      const value = checksums[index]!;
      return Number.isNaN(value) ? null : value;
    },
    session: () => (opening ??= session()),
  };
}

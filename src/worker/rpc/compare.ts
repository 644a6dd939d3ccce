/**
 * The comparison a decoder worker runs for the page: the diff of two files
 * (compare/diff-sessions.ts) streamed into a tree of its own, which the page pages through
 * as it does a file's tree, filtered by status and by path. Generic over sessions.
 *
 * The page runs it in the decoder of one of the two files, whose open session is that side
 * (`'open-file'`), and hands over what the other file's decoder already read of its nodes
 * (NodeFacts): the first rows wait for no worker to start and no table to be read again.
 * A side known by its facts only is opened here from its sources for what they do not tell
 * (a pair's content, its details in the change view), and once the diff is done, so that
 * view answers at once. Without facts (files no longer open) both are opened here first,
 * side by side.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { detailOf, ErrorCode, FormatError } from '../../binary/format-error.ts';
import { diffCsv, diffJson, diffReport, FolderCounts } from '../../compare/diff-report.ts';
import { diffSides, sideOf, type ComparedSide } from '../../compare/diff-sessions.ts';
import { sideOfFacts, type NodeFacts } from '../../compare/node-facts.ts';
import { emptyCounts, type DiffRow, type DiffStatus } from '../../compare/types.ts';
import type { ErrorInfo } from '../../binary/format-error.ts';
import type { FormatModule, NodeTable, Session } from '../../formats/model.ts';
import type { FormatServices } from '../../formats/services.ts';
import { throttle, yieldBriefly, type JobRegistry } from '../jobs/jobs.ts';
import { EntryTree } from '../tree/entry-tree.ts';
import type { DecoderApi, DiffTreeRow, JobKind, NamedSource } from './api.ts';
import { openSession } from './open-file.ts';
import { attempt, attemptNow } from './result.ts';

export interface CompareHost {
  services: FormatServices;
  formats: readonly FormatModule[];
  jobs: JobRegistry<JobKind>;
  sourceOf(file: NamedSource): ByteSource;
  /** The session of the file this worker has open; null: none (yet). */
  ownSession(): Session | null;
}

type CompareMethods = Pick<
  DecoderApi,
  | 'compare'
  | 'diffRows'
  | 'diffShow'
  | 'diffSetExpanded'
  | 'diffRowOfPath'
  | 'diffSide'
  | 'diffExport'
  | 'diffRelease'
>;

const CHANGES: readonly DiffStatus[] = ['added', 'removed', 'changed'];

/** The rows shown, as a node table the tree reads: position `i` is `rows[shown[i]]`. */
function shownTable(rows: readonly DiffRow[], shown: readonly number[]): NodeTable {
  const rowAt = (position: number) => rows[shown[position]!]!;
  return {
    path: (position) => rowAt(position).path,
    size: (position) => rowAt(position).newSize ?? rowAt(position).oldSize ?? 0,
    storedSize: () => 0,
  };
}

/** A side read only in part would report what it did not read as removed or added. */
function partlyRead(name: string, fatal: ErrorInfo): FormatError {
  return new FormatError({
    code: fatal.code,
    offset: fatal.offset ?? 0,
    detail: `${name} was read only in part (what was not read would show as removed or added): ${detailOf(fatal)}`,
    format: fatal.format,
  });
}

function notOneFormat(oldLabel: string, newLabel: string): FormatError {
  return new FormatError({
    code: ErrorCode.BAD_VALUE,
    offset: 0,
    detail: `${oldLabel} and ${newLabel} are not of one format`,
  });
}

/** One side of the comparison: what the diff reads, and the session, opened when asked. */
interface OpenSide {
  side: ComparedSide;
  format: string;
  label: string;
  layout: Session['layout'];
  hasContent: boolean;
}

function sideOfSession(session: Session): OpenSide {
  const { format, label, layout } = session;
  return {
    side: sideOf(session),
    format,
    label,
    layout,
    hasContent: session.content !== undefined,
  };
}

function noComparison(): FormatError {
  return new FormatError({ code: ErrorCode.INTERNAL, offset: 0, detail: 'nothing is compared' });
}

export function createCompareMethods(host: CompareHost): CompareMethods {
  let sides: { old: OpenSide; new: OpenSide } | null = null;
  let rows: DiffRow[] = [];
  let folders = new FolderCounts();
  let statuses = new Set<DiffStatus>(CHANGES);
  let pattern = '';
  let shown: number[] = [];
  /** A document's nodes may hold others: such a node is one row, its children under it. */
  let layout: Session['layout'] = 'archive';
  let tree = new EntryTree();
  let table = shownTable(rows, shown);

  /** Adds rows `[from, rows.length)` that the statuses show to the tree. */
  function showFrom(from: number): void {
    const start = shown.length;
    for (let at = from; at < rows.length; at++) if (statuses.has(rows[at]!.status)) shown.push(at);
    if (shown.length > start) tree.addEntryRange(table, start, shown.length);
  }

  /** Forgets the comparison: its rows, its tree, the sessions opened for it. */
  function release(): void {
    sides = null;
    layout = 'archive';
    rows = [];
    folders = new FolderCounts();
    rebuild();
  }

  /** A new tree of the rows shown, every folder open (a diff is read whole, not browsed). */
  function rebuild(): number {
    shown = [];
    tree = new EntryTree({ isDocument: layout === 'document' });
    table = shownTable(rows, shown);
    showFrom(0);
    const matches = tree.setFilter(pattern);
    tree.setAllExpanded(true);
    return pattern === '' ? shown.length : matches;
  }

  async function openSide(files: NamedSource[]): Promise<Session> {
    const sources = files.map((file) => host.sourceOf(file));
    const session = await openSession(
      sources,
      host.services,
      () => undefined,
      () => undefined,
      host.formats,
    );
    if (session.fatal) throw partlyRead(files[0]!.name, session.fatal);
    return session;
  }

  /**
   * A side from its decoder's facts, its session opened here only when first asked for; or
   * the file open in this worker.
   */
  function sideFromFacts(files: NamedSource[], facts: NodeFacts | 'open-file'): OpenSide {
    if (facts === 'open-file') {
      const session = host.ownSession();
      if (!session)
        throw new FormatError({
          code: ErrorCode.INTERNAL,
          offset: 0,
          detail: 'no file is open here',
        });
      if (session.fatal) throw partlyRead(files[0]!.name, session.fatal);
      return sideOfSession(session);
    }
    if (facts.fatal) throw partlyRead(files[0]!.name, facts.fatal);
    const { format, label, layout, hasContent } = facts;
    return { side: sideOfFacts(facts, () => openSide(files)), format, label, layout, hasContent };
  }

  async function sideFromSources(files: NamedSource[]): Promise<OpenSide> {
    return sideOfSession(await openSide(files));
  }

  async function sessionOf(side: 'old' | 'new'): Promise<Session> {
    if (!sides) throw noComparison();
    return sides[side].side.session();
  }

  return {
    compare: (oldFiles, newFiles, onProgress, facts) =>
      attempt(() =>
        host.jobs.run('compare', async (token) => {
          release();
          const [oldSide, newSide] = facts
            ? [sideFromFacts(oldFiles, facts.old), sideFromFacts(newFiles, facts.new)]
            : await Promise.all([sideFromSources(oldFiles), sideFromSources(newFiles)]);
          if (oldSide.format !== newSide.format) throw notOneFormat(oldSide.label, newSide.label);
          sides = { old: oldSide, new: newSide };
          layout = newSide.layout;
          rows = [];
          folders = new FolderCounts();
          rebuild();
          const counts = emptyCounts();
          const report = throttle(onProgress, 100);
          let done = 0;
          let total = 0;
          const progress = (force = false) =>
            report({ done, total, rowCount: tree.rowCount(), counts: { ...counts } }, force);
          let isFirst = true;
          await diffSides(oldSide.side, newSide.side, {
            signal: token,
            pause: yieldBriefly,
            onRows(batch) {
              const from = rows.length;
              for (const row of batch) {
                rows.push(row);
                counts[row.status]++;
              }
              folders.add(batch);
              showFrom(from);
              tree.setAllExpanded(true);
              // The first rows go out at once: they are what the user waits for.
              progress(isFirst);
              isFirst = false;
            },
            onProgress(doneNow, totalNow) {
              done = doneNow;
              total = totalNow;
            },
          });
          progress(true);
          // The change view reads both sessions: opened now, while the user reads the rows.
          for (const { side } of [oldSide, newSide]) {
            void Promise.resolve(side.session()).catch(() => undefined);
          }
          return {
            oldName: oldFiles[0]!.name,
            newName: newFiles[0]!.name,
            formatLabel: newSide.label,
            counts,
            rowCount: tree.rowCount(),
            hasContent: oldSide.hasContent && newSide.hasContent,
          };
        }),
      ),

    diffRows(start, count) {
      return Array.from(tree.rowNodes(start, count), (nodeId): DiffTreeRow => {
        const node = tree.node(nodeId);
        const path = tree.pathOf(nodeId);
        const diff = node.entryIndex >= 0 ? rows[shown[node.entryIndex]!]! : null;
        // A document node that holds others counts what is under it, as a folder does.
        const counts = node.isFolder
          ? (folders.byFolder.get(path) ?? emptyCounts())
          : { ...emptyCounts(), [diff!.status]: 1 };
        return {
          nodeId,
          depth: node.depth,
          name: node.name,
          path,
          isFolder: node.isFolder,
          isExpanded: node.isExpanded,
          diff,
          counts,
        };
      });
    },

    diffShow(shownStatuses, newPattern) {
      statuses = new Set(shownStatuses);
      pattern = newPattern;
      const matchCount = rebuild();
      return { rowCount: tree.rowCount(), matchCount };
    },

    diffSetExpanded(nodeId, isExpanded) {
      tree.setExpanded(nodeId, isExpanded);
      return tree.rowCount();
    },

    diffRowOfPath(path) {
      const node = tree.nodeOfPath(path);
      if (node < 0) return -1;
      for (let up = tree.node(node).parentId; up >= 0; up = tree.node(up).parentId) {
        tree.setExpanded(up, true);
      }
      return tree.rowIndexOf(node);
    },

    diffSide: (side, index, maxBytes) =>
      attempt(async () => {
        const session = await sessionOf(side);
        const details = session.details(index);
        const content = session.content;
        const why = content?.unavailable?.(index) ?? (content ? null : 'no content to read');
        if (!content || why !== null) {
          return { details, bytes: null, totalSize: details.size, warning: why };
        }
        const read = await content.read(index);
        return {
          details,
          bytes: read.bytes.slice(0, maxBytes),
          totalSize: read.bytes.length,
          warning: read.warning,
        };
      }),

    diffRelease: release,

    diffExport: (kind) =>
      attemptNow(() => {
        if (!sides) throw noComparison();
        const visible = tree.entriesUnder([]).map((position) => rows[shown[position]!]!);
        const report = diffReport(rows, statuses);
        const matching = new Set(visible);
        report.entries = diffReport(
          rows.filter((row) => matching.has(row)),
          statuses,
        ).entries;
        const text = kind === 'csv' ? diffCsv(report.entries) : diffJson(report);
        return new Blob([text], { type: kind === 'csv' ? 'text/csv' : 'application/json' });
      }),
  };
}

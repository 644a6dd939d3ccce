/**
 * The comparison a decoder worker runs for the page: both files opened here, their diff
 * (compare/diff-sessions.ts) streamed into a tree of its own, which the page pages through
 * as it does a file's tree, filtered by status and by path. Generic over sessions.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { diffCsv, diffJson, diffReport, folderCounts } from '../../compare/diff-report.ts';
import { diffSessions } from '../../compare/diff-sessions.ts';
import {
  emptyCounts,
  type DiffCounts,
  type DiffRow,
  type DiffStatus,
} from '../../compare/types.ts';
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

function noComparison(): FormatError {
  return new FormatError({ code: ErrorCode.INTERNAL, offset: 0, detail: 'nothing is compared' });
}

export function createCompareMethods(host: CompareHost): CompareMethods {
  let sessions: { old: Session; new: Session } | null = null;
  let rows: DiffRow[] = [];
  let folders = new Map<string, DiffCounts>();
  let statuses = new Set<DiffStatus>(CHANGES);
  let pattern = '';
  let shown: number[] = [];
  let tree = new EntryTree();
  let table = shownTable(rows, shown);

  /** Adds rows `[from, rows.length)` that the statuses show to the tree. */
  function showFrom(from: number): void {
    const start = shown.length;
    for (let at = from; at < rows.length; at++) if (statuses.has(rows[at]!.status)) shown.push(at);
    if (shown.length > start) tree.addEntryRange(table, start, shown.length);
  }

  /** A new tree of the rows shown, every folder open (a diff is read whole, not browsed). */
  function rebuild(): number {
    shown = [];
    tree = new EntryTree();
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
    const { fatal } = session;
    if (fatal) {
      // A side read only in part would report what it did not read as removed or added.
      throw new FormatError({
        code: fatal.code,
        offset: fatal.offset ?? 0,
        detail: `${files[0]!.name}: ${fatal.message}`,
        format: fatal.format,
      });
    }
    return session;
  }

  function sessionOf(side: 'old' | 'new'): Session {
    if (!sessions) throw noComparison();
    return sessions[side];
  }

  return {
    compare: (oldFiles, newFiles, onProgress) =>
      attempt(() =>
        host.jobs.run('compare', async (token) => {
          const [oldSession, newSession] = await Promise.all([
            openSide(oldFiles),
            openSide(newFiles),
          ]);
          if (oldSession.format !== newSession.format) {
            throw new FormatError({
              code: ErrorCode.BAD_VALUE,
              offset: 0,
              detail: `${oldSession.label} and ${newSession.label} are not of one format`,
            });
          }
          sessions = { old: oldSession, new: newSession };
          rows = [];
          folders = new Map();
          rebuild();
          const counts = emptyCounts();
          const report = throttle(onProgress, 100);
          let done = 0;
          let total = 0;
          const progress = (force = false) =>
            report({ done, total, rowCount: tree.rowCount(), counts: { ...counts } }, force);
          let isFirst = true;
          await diffSessions(oldSession, newSession, {
            signal: token,
            pause: yieldBriefly,
            onRows(batch) {
              const from = rows.length;
              for (const row of batch) {
                rows.push(row);
                counts[row.status]++;
              }
              for (const [folder, each] of folderCounts(batch)) {
                const sum = folders.get(folder) ?? emptyCounts();
                for (const status of Object.keys(each) as DiffStatus[]) sum[status] += each[status];
                folders.set(folder, sum);
              }
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
          return {
            oldName: oldFiles[0]!.name,
            newName: newFiles[0]!.name,
            formatLabel: newSession.label,
            counts,
            rowCount: tree.rowCount(),
            hasContent: oldSession.content !== undefined && newSession.content !== undefined,
          };
        }),
      ),

    diffRows(start, count) {
      return Array.from(tree.rowNodes(start, count), (nodeId): DiffTreeRow => {
        const node = tree.node(nodeId);
        const path = tree.pathOf(nodeId);
        const diff = node.entryIndex >= 0 ? rows[shown[node.entryIndex]!]! : null;
        const counts = diff
          ? { ...emptyCounts(), [diff.status]: 1 }
          : (folders.get(path) ?? emptyCounts());
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
        const session = sessionOf(side);
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

    diffExport: (kind) =>
      attemptNow(() => {
        if (!sessions) throw noComparison();
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

/**
 * Opening files in the decoder worker: detect the format of the first, open its module's
 * session with the worker's services, and stream the session's nodes into a new tree,
 * reporting progress as they arrive. impl.ts keeps the result.
 */
import type { ByteSource } from '../../binary/byte-source.ts';
import type { FormatModule, Session, ViewCapability, ViewJob } from '../../formats/model.ts';
import { FORMATS, detectFormat, formatModule, readDetectionBytes } from '../../formats/registry.ts';
import { sideInputsOf, type FormatServices, type SideInputFile } from '../../formats/services.ts';
import { unwrapSources } from '../../formats/wrapped-sources.ts';
import { EntryTree } from '../tree/entry-tree.ts';
import { yieldBriefly } from '../jobs/jobs.ts';
import type { OpenOptions, OpenProgress, ViewOffer } from './api.ts';
import { injectFault, stallingSources } from './faults.ts';

/** Progress reports after the first at most this often; each one flattens the tree for its row count. */
const PROGRESS_INTERVAL_MS = 40;

/** The job a view's first answers run as: nothing cancels them, and they are short. */
const FIRST_ANSWER_JOB: ViewJob = {
  signal: { isCancelled: false, throwIfCancelled: () => undefined },
  pause: yieldBriefly,
  progress: () => undefined,
};

/**
 * What the view answers now, and its answers to the questions its pane asks first
 * (`firstQueries`). Its data is taken at once, before the session reads on, so the answers
 * are of the same rows. Null when any of it fails: the pane then asks as it would have,
 * and gets the error itself.
 */
function viewOfferOf(view: ViewCapability): Promise<ViewOffer | null> {
  try {
    const data = view.data();
    const queries = view.request ? (view.firstQueries?.(data) ?? []) : [];
    const answering = queries.map(async (query) => ({
      query,
      answer: await view.request!(query, FIRST_ANSWER_JOB),
    }));
    return Promise.all(answering).then(
      (answers) => ({ view: { kind: view.kind, data }, answers }),
      () => null,
    );
  } catch {
    return Promise.resolve(null);
  }
}

/**
 * Sends progress reports in the order they were made: one that carries a view's offer
 * waits for its answers, and the reports after it wait for it.
 */
function reportsInOrder(onProgress: (progress: OpenProgress) => void) {
  let queue: Promise<void> | null = null;
  return {
    send(progress: OpenProgress, offer: Promise<ViewOffer | null> | null): void {
      if (!offer && !queue) {
        onProgress(progress);
        return;
      }
      const mine: Promise<void> = (queue ?? Promise.resolve()).then(async () => {
        const made = offer ? await offer : null;
        onProgress(made ? { ...progress, viewOffer: made } : progress);
        if (queue === mine) queue = null;
      });
      queue = mine;
    },
    /** Every report made so far has been sent. */
    async sent(): Promise<void> {
      while (queue) await queue;
    },
  };
}

/** The format of what a source holds, from its head, its tail and its name. */
export async function detectSource(source: ByteSource, formats: readonly FormatModule[]) {
  const { head, tail } = await readDetectionBytes(source);
  await injectFault(head);
  return detectFormat(head, source.name, formats, tail);
}

/**
 * The services with the side inputs the module reads, their Blobs read now: a session asks
 * for them synchronously, and only the formats that read a kind pay for reading it.
 */
async function withSideInputs(
  services: FormatServices,
  module: FormatModule,
  given: OpenOptions['sideInputs'],
): Promise<FormatServices> {
  const byKind: Record<string, SideInputFile[]> = {};
  for (const { kind } of module.sideInputs ?? []) {
    const files = given?.[kind] ?? [];
    byKind[kind] = await Promise.all(
      files.map(async (file) => ({
        name: file.name,
        bytes: new Uint8Array(await (file.prepared ?? file.blob).arrayBuffer()),
        isPrepared: file.prepared !== undefined,
      })),
    );
  }
  return Object.keys(byKind).length > 0
    ? { ...services, sideInputs: sideInputsOf(byKind) }
    : services;
}

/**
 * Detects the format of `sources[0]` (or takes the one `options.format` names) and opens
 * the session (the other sources unwrapped where they are wrappers: wrapped-sources.ts), with the settings and side inputs `options` give. `onTree` gets the new tree as
 * soon as it exists, so rows can be served while the table streams in; the promise ends
 * with the session once every node has been read.
 */
export async function openSession(
  sources: readonly ByteSource[],
  services: FormatServices,
  onProgress: (progress: OpenProgress) => void,
  onTree: (tree: EntryTree, layout: Session['layout']) => void,
  formats: readonly FormatModule[] = FORMATS,
  options: OpenOptions = {},
  onView: (view: ViewCapability) => void = () => undefined,
): Promise<Session> {
  const module = formatModule(
    options.format ?? (await detectSource(sources[0]!, formats)),
    formats,
  );
  let tree: EntryTree | null = null;
  const treeFor = (layout: Session['layout']): EntryTree => {
    if (!tree) {
      tree = new EntryTree({ isDocument: layout === 'document' });
      onTree(tree, layout);
    }
    return tree;
  };
  let lastReport = 0;
  /** The kind of the view offered while opening, said in every report after it. */
  let openingView: string | null = null;
  /** The view offered and not reported yet: its offer goes with the next report. */
  let unreported: ViewCapability | null = null;
  const reports = reportsInOrder(onProgress);
  // The first batch is reported at once: it is what the user sees first. Others at most
  // every 40 ms, and the row count (which flattens the tree) only then.
  const report = (nodesRead: number, batchLength: number, declared: number): void => {
    const now = Date.now();
    if (nodesRead !== batchLength && now - lastReport < PROGRESS_INTERVAL_MS && !unreported) {
      return;
    }
    lastReport = now;
    const progress: OpenProgress = {
      entriesRead: nodesRead,
      entryCount: declared,
      rowCount: tree!.rowCount(),
      ...(openingView === null ? {} : { view: openingView }),
    };
    const offer = unreported ? viewOfferOf(unreported) : null;
    unreported = null;
    reports.send(progress, offer);
  };
  // A file given beside a wrapped one is offered as what it wraps (`a.dds.dvpl` as `a.dds`).
  const given = await unwrapSources(sources, services, formats);
  const session = await module.open({
    sources: stallingSources(given),
    services: await withSideInputs(services, module, options.sideInputs),
    ...(options.settings ? { settings: options.settings } : {}),
    sink: {
      // Nodes handed over as objects belong to documents (a few thousand at most).
      nodes(batch, nodesRead, declared) {
        treeFor('document').addEntries(
          batch.map((node) => ({
            entryIndex: node.index,
            path: node.path,
            size: node.size,
            storedSize: node.storedSize,
          })),
        );
        report(nodesRead, batch.length, declared);
      },
      documentNodes(table, indexes, nodesRead, declared) {
        treeFor('document').addDocumentNodes(table, indexes);
        report(nodesRead, indexes.length, declared);
      },
      nodeRange(table, start, end, declared) {
        treeFor('archive').addEntryRange(table, start, end);
        report(end, end - start, declared);
      },
      openingView(view) {
        openingView = view.kind;
        unreported = view;
        onView(view);
      },
    },
  });
  const opened = treeFor(session.layout);
  const count = session.nodeCount();
  reports.send({ entriesRead: count, entryCount: count, rowCount: opened.rowCount() }, null);
  await reports.sent();
  return session;
}

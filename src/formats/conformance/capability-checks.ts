/**
 * The conformance checks of a session's capabilities (checks.ts has the rest): every
 * content read, stored spans, verify, and the view's data. Same rules: problems as lines,
 * FormatErrors per node tolerated for mutated bytes only, any other exception thrown.
 */
import { NODE_STATUSES, type NodeStatus } from '../model.ts';
import { attempt, isCount, sameBytes, type CheckContext } from './check-helpers.ts';

/**
 * Every node's content: it reads (a valid sample: without a warning, and none unavailable),
 * its length is the node's size, and a stored node's bytes are its stored span's.
 */
export async function checkContent({ session, isValid }: CheckContext): Promise<string[]> {
  const content = session.content;
  if (!content) return [];
  const problems: string[] = [];
  for (let index = 0; index < session.nodeCount(); index++) {
    const unavailable = content.unavailable?.(index) ?? null;
    if (isValid && unavailable !== null)
      problems.push(`node ${index}: unavailable: ${unavailable}`);
    const read = await attempt(() => content.read(index));
    if ('error' in read) {
      if (isValid) problems.push(`node ${index}: read threw ${read.error.message}`);
      continue;
    }
    const { bytes, warning } = read.value;
    if (!(bytes instanceof Uint8Array)) {
      problems.push(`node ${index}: read gave no bytes`);
      continue;
    }
    if (isValid && warning !== null) problems.push(`node ${index}: read warns ${warning}`);
    const size = session.nodeTable().size(index);
    if (warning === null && bytes.length !== size) {
      problems.push(`node ${index}: read ${bytes.length} bytes, its size is ${size}`);
    }
    const stored = await attempt(() => content.storedSpan(index));
    if ('error' in stored) {
      if (isValid) problems.push(`node ${index}: storedSpan threw ${stored.error.message}`);
      continue;
    }
    if (stored.value === null) continue;
    const { source, span } = stored.value;
    const slice = await attempt(() => source.read(span.offset, span.length));
    if ('error' in slice)
      problems.push(`node ${index}: stored span unreadable: ${slice.error.message}`);
    else if (!sameBytes(slice.value, bytes)) {
      problems.push(`node ${index}: stored span bytes differ from the content read`);
    }
  }
  return problems;
}

const NEVER_CANCELLED = {
  isCancelled: false,
  throwIfCancelled: () => undefined,
};

/**
 * Verify: every node gets a status (from `precheck` or from the run), a valid sample's all
 * `ok` or `unpatched`; costs are counts.
 */
export async function checkVerify({ session, isValid }: CheckContext): Promise<string[]> {
  const verify = session.verify;
  if (!verify) return [];
  const problems: string[] = [];
  const count = session.nodeCount();
  const statuses = new Map<number, NodeStatus>();
  const toRun: number[] = [];
  for (let index = 0; index < count; index++) {
    const cost = verify.cost(index);
    if (!isCount(cost)) problems.push(`node ${index}: verify cost ${cost}`);
    const early = verify.precheck?.(index) ?? null;
    if (early === null) toRun.push(index);
    else statuses.set(index, early);
  }
  const run = await attempt(() =>
    verify.run(toRun, (index, status) => statuses.set(index, status), NEVER_CANCELLED),
  );
  if ('error' in run) {
    if (isValid) problems.push(`verify threw ${run.error.message}`);
    return problems;
  }
  for (let index = 0; index < count; index++) {
    const status = statuses.get(index);
    if (status === undefined) problems.push(`node ${index}: verify reported no status`);
    else if (!NODE_STATUSES.includes(status)) problems.push(`node ${index}: status ${status}`);
    else if (isValid && status !== 'ok' && status !== 'unpatched') {
      problems.push(`node ${index}: a valid sample verifies ${status}`);
    }
  }
  return problems;
}

/** The view's data is plain and structured-cloneable (it crosses the worker boundary). */
export async function checkView({ session, isValid }: CheckContext): Promise<string[]> {
  const view = session.view;
  if (!view) return [];
  if (typeof view.kind !== 'string' || view.kind === '') return ['view kind is empty'];
  const data = await attempt(() => structuredClone(view.data()));
  if ('error' in data && isValid) return [`view data threw ${data.error.message}`];
  return [];
}

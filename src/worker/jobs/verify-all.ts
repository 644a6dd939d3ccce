/**
 * Verify all over any session: nodes its `precheck` settles are recorded at once, the rest
 * go to its `verify.run` with progress in bytes; each status is kept for the rows, and the
 * summary counts the states of every node, so it says what the rows say. A cancelled run
 * answers what it had checked (the rest stays unchecked).
 */
import type { NodeStatus, Session } from '../../formats/model.ts';
import type { VerifyProgress, VerifySummary } from '../rpc/api.ts';
import type { NodeStatuses } from './statuses.ts';
import { throttle, type CancelToken } from './jobs.ts';

export async function verifyAll(
  session: Session,
  statuses: NodeStatuses,
  onProgress: (progress: VerifyProgress) => void,
  token: CancelToken,
): Promise<VerifySummary> {
  const count = session.nodeCount();
  const verify = session.verify;
  if (!verify) return statuses.tally(count, false);
  // A new run answers for itself: states of an earlier one do not stand in for its checks.
  for (let i = 0; i < count; i++) statuses.set(i, 'unchecked');
  let entriesDone = 0;
  let bytesDone = 0;
  let bytesTotal = 0;
  const record = (index: number, status: NodeStatus) => {
    // A check that answers `unchecked` could not be made: that is an error, not "not yet".
    statuses.set(index, status === 'unchecked' ? 'error' : status);
    entriesDone++;
  };
  const indexes: number[] = [];
  for (let i = 0; i < count; i++) {
    const early = verify.precheck?.(i) ?? null;
    if (early) {
      record(i, early);
      continue;
    }
    indexes.push(i);
    bytesTotal += verify.cost(i);
  }
  const progress = (): VerifyProgress => ({
    entriesDone,
    entryCount: count,
    bytesDone,
    bytesTotal,
  });
  const report = throttle(onProgress, 50);
  report(progress(), true);
  let cancelled = false;
  try {
    await verify.run(
      indexes,
      (index, status) => {
        record(index, status);
        bytesDone += verify.cost(index);
        report(progress());
      },
      token,
    );
  } catch (error) {
    if (!token.isCancelled) throw error;
    cancelled = true;
  }
  onProgress(progress());
  return statuses.tally(count, cancelled);
}

/**
 * After a session took more sources: nodes that were `missing` are looked at again. One its
 * `precheck` still settles gets that state; the others are `unchecked` until verified again.
 * Answers whether any state changed.
 */
export function recheckMissing(session: Session, statuses: NodeStatuses): boolean {
  let hasChanged = false;
  const count = session.nodeCount();
  for (let i = 0; i < count; i++) {
    if (statuses.get(i) !== 'missing') continue;
    const now = session.verify?.precheck?.(i) ?? 'unchecked';
    if (now === 'missing') continue;
    statuses.set(i, now);
    hasChanged = true;
  }
  return hasChanged;
}

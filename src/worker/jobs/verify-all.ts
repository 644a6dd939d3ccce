/**
 * Verify all over any session: nodes its `precheck` settles are recorded at once, the rest
 * go to its `verify.run` with progress in bytes; each status is kept for the rows and
 * counted for the summary. A cancelled run answers what it had checked.
 */
import type { NodeStatus, Session } from '../../formats/model.ts';
import type { VerifyProgress, VerifySummary } from '../rpc/api.ts';
import type { NodeStatuses } from './statuses.ts';
import { throttle, type CancelToken } from './jobs.ts';

/** The summary's count each status adds to (a check that answers `unchecked` failed). */
const TALLY_OF: Record<NodeStatus, Exclude<keyof VerifySummary, 'checked' | 'cancelled'>> = {
  unchecked: 'errors',
  ok: 'ok',
  mismatch: 'mismatched',
  unpatched: 'unpatched',
  missing: 'missing',
  unsupported: 'unsupported',
  error: 'errors',
};

export async function verifyAll(
  session: Session,
  statuses: NodeStatuses,
  onProgress: (progress: VerifyProgress) => void,
  token: CancelToken,
): Promise<VerifySummary> {
  const tally: VerifySummary = {
    ok: 0,
    mismatched: 0,
    unpatched: 0,
    missing: 0,
    unsupported: 0,
    errors: 0,
    checked: 0,
    cancelled: false,
  };
  const verify = session.verify;
  if (!verify) return tally;
  const count = session.nodeCount();
  let bytesDone = 0;
  let bytesTotal = 0;
  const record = (index: number, status: NodeStatus) => {
    statuses.set(index, status);
    tally.checked++;
    tally[TALLY_OF[status]]++;
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
    entriesDone: tally.checked,
    entryCount: count,
    bytesDone,
    bytesTotal,
  });
  const report = throttle(onProgress, 50);
  report(progress(), true);
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
    tally.cancelled = true;
  }
  onProgress(progress());
  return tally;
}

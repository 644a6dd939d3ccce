/**
 * What a file's checksum states add up to, in words: the summary of Verify all, and the
 * state of the file's own row. A file is "verified" only when every one of its entries is
 * ok; otherwise its row names the worst state first, with the counts.
 */
import type { NodeStatus, VerifySummary } from '../../worker/rpc/api.ts';
import { formatCount } from '../format.ts';

/** `4 ok, 0 mismatched, 1 unpatched` (+ missing, unsupported, errors, unchecked, cancelled). */
export function describeVerifySummary(summary: VerifySummary): string {
  const parts = [
    `${formatCount(summary.ok)} ok`,
    `${formatCount(summary.mismatched)} mismatched`,
    `${formatCount(summary.unpatched)} unpatched`,
  ];
  if (summary.missing > 0) parts.push(`${formatCount(summary.missing)} missing`);
  if (summary.unsupported > 0) parts.push(`${formatCount(summary.unsupported)} unsupported`);
  if (summary.errors > 0) parts.push(`${formatCount(summary.errors)} unreadable`);
  // A cancelled run says how far it got instead.
  if (summary.unchecked > 0 && !summary.cancelled) {
    parts.push(`${formatCount(summary.unchecked)} unchecked`);
  }
  const text = parts.join(', ');
  return summary.cancelled
    ? `${text} (cancelled after ${formatCount(summary.checked)} checked)`
    : text;
}

/** States that keep a file from "verified", worst first, with the count each reads from. */
const NOT_OK: readonly {
  status: NodeStatus;
  count: (summary: VerifySummary) => number;
  label: string;
  mark: string;
}[] = [
  { status: 'mismatch', count: (s) => s.mismatched, label: 'mismatched', mark: '✗ ' },
  { status: 'error', count: (s) => s.errors, label: 'unreadable', mark: '! ' },
  { status: 'unpatched', count: (s) => s.unpatched, label: 'unpatched', mark: '' },
  { status: 'missing', count: (s) => s.missing, label: 'missing', mark: '' },
  { status: 'unsupported', count: (s) => s.unsupported, label: 'unsupported', mark: '' },
  { status: 'unchecked', count: (s) => s.unchecked, label: 'unchecked', mark: '' },
];

export interface FileVerifyState {
  /** The worst state of its entries (`ok` only when every entry is ok). */
  status: NodeStatus;
  /** `✓ verified`, or the states that are not ok, worst first: `✗ 1 mismatched, 5 missing`. */
  text: string;
}

/** The state of a whole file from its summary. */
export function fileVerifyState(summary: VerifySummary): FileVerifyState {
  const bad = NOT_OK.filter((state) => state.count(summary) > 0);
  const [worst] = bad;
  if (!worst) return { status: 'ok', text: '✓ verified' };
  const text = bad.map((state) => `${formatCount(state.count(summary))} ${state.label}`).join(', ');
  return { status: worst.status, text: `${worst.mark}${text}` };
}

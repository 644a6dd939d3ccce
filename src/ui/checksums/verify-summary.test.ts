import { describe, expect, it } from 'vitest';
import type { VerifySummary } from '../../worker/rpc/api.ts';
import { describeVerifySummary, fileVerifyState } from './verify-summary.ts';

const none: VerifySummary = {
  ok: 0,
  mismatched: 0,
  unpatched: 0,
  missing: 0,
  unsupported: 0,
  errors: 0,
  unchecked: 0,
  checked: 0,
  cancelled: false,
};
const summary = (counts: Partial<VerifySummary>): VerifySummary => ({ ...none, ...counts });

describe("a file's verify state sums up its entries", () => {
  it('is verified only when every entry is ok', () => {
    expect(fileVerifyState(summary({ ok: 12, checked: 12 }))).toEqual({
      status: 'ok',
      text: '✓ verified',
    });
  });

  it('an index without its volumes is missing, not verified', () => {
    expect(fileVerifyState(summary({ missing: 5, checked: 5 }))).toEqual({
      status: 'missing',
      text: '5 missing',
    });
  });

  it('one unsupported entry among ok ones keeps the file from verified', () => {
    expect(fileVerifyState(summary({ ok: 10, unsupported: 1, checked: 11 }))).toEqual({
      status: 'unsupported',
      text: '1 unsupported',
    });
  });

  it('names the worst state first, then every other that is not ok', () => {
    const state = fileVerifyState(
      summary({ ok: 3, missing: 2, mismatched: 1, errors: 4, unchecked: 1, checked: 10 }),
    );
    expect(state).toEqual({
      status: 'mismatch',
      text: '✗ 1 mismatched, 4 unreadable, 2 missing, 1 unchecked',
    });
  });

  it('entries left unchecked (a cancelled run, a source added since) are not verified', () => {
    expect(fileVerifyState(summary({ ok: 2, unchecked: 3, checked: 2, cancelled: true }))).toEqual({
      status: 'unchecked',
      text: '3 unchecked',
    });
  });
});

describe('the summary line', () => {
  it('counts unchecked entries, unless a cancel already says how far the run got', () => {
    expect(describeVerifySummary(summary({ ok: 1, unchecked: 5, checked: 1 }))).toBe(
      '1 ok, 0 mismatched, 0 unpatched, 5 unchecked',
    );
    expect(
      describeVerifySummary(summary({ ok: 1, unchecked: 5, checked: 1, cancelled: true })),
    ).toBe('1 ok, 0 mismatched, 0 unpatched (cancelled after 1 checked)');
  });
});

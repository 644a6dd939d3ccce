import { describe, expect, it } from 'vitest';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { inlineViewJob } from '../services.ts';
import type { ViewJob } from '../model.ts';
import { searchNodes } from './view-jobs.ts';

const nodes = (count: number) => ({
  count,
  nameOf: (node: number) => `key${node}`,
  valueOf: (node: number) => (node % 2 === 0 ? `value ${node}` : null),
});

describe('searchNodes', () => {
  it('matches names and the values it is given, any case; lists the first `limit`', async () => {
    const answer = await searchNodes(nodes(100), 'VALUE 4', 3, inlineViewJob());
    // value 4, value 40..48 (even only): 4, 40, 42, 44, 46, 48.
    expect(answer).toEqual({ kind: 'search', indexes: [4, 40, 42], total: 6 });
    expect((await searchNodes(nodes(100), 'key99', 10, inlineViewJob())).indexes).toEqual([99]);
    // Odd nodes have no value to search: `value 99` is nowhere, though node 99 exists.
    expect((await searchNodes(nodes(100), 'value 99', 10, inlineViewJob())).total).toBe(0);
  });

  it('pauses between chunks with its progress, and stops when cancelled', async () => {
    let isCancelled = false;
    const progress: number[] = [];
    const job: ViewJob = {
      signal: {
        get isCancelled() {
          return isCancelled;
        },
        throwIfCancelled() {
          if (isCancelled)
            throw new FormatError({ code: ErrorCode.CANCELLED, offset: 0, detail: 'cancelled' });
        },
      },
      pause: async () => {
        isCancelled = progress.length >= 2;
      },
      progress: (done) => progress.push(done),
    };
    await expect(searchNodes(nodes(200_000), 'nothing', 10, job)).rejects.toMatchObject({
      code: 'CANCELLED',
    });
    // Cancelled during the second pause: the third chunk never starts.
    expect(progress.length).toBe(2);
    expect(progress[0]).toBeGreaterThan(0);
  });
});

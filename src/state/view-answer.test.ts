/**
 * A view's cached answers (`viewAnswer`): a request cancelled by `cancelView` (meant for an
 * export running beside it) is asked again rather than kept as an error; other errors stay.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../binary/format-error.ts';
import type { ErrorInfo, Result } from '../worker/rpc/api.ts';
import type { FileDecoder } from '../worker/rpc/client.ts';
import { createQueries } from './queries.ts';
import type { OpenFile } from './types.ts';

const errorOf = (code: ErrorCode): ErrorInfo => ({
  code,
  message: code,
  offset: 0,
  format: '',
  path: '',
});

/** Queries over one file whose view answers `answers` in turn. */
function queriesAnswering(answers: Result<unknown>[]) {
  const asked: unknown[] = [];
  const decoder = {
    viewRequest(query: unknown) {
      asked.push(query);
      return Promise.resolve(answers.shift() ?? { ok: true, value: 'late' });
    },
  } as unknown as FileDecoder;
  const file = { id: 'f1', name: 'a.bin', decoder, hasCrashed: false } as OpenFile;
  return { queries: createQueries((id) => (id === 'f1' ? file : undefined)), asked };
}

describe('viewAnswer', () => {
  it('asks again once when the request was cancelled', async () => {
    const { queries, asked } = queriesAnswering([
      { ok: false, error: errorOf(ErrorCode.CANCELLED) },
      { ok: true, value: 'page' },
    ]);
    const state = await queries.cache.fetch(queries.viewAnswer('f1', 'q', { page: 1 }));
    expect(state).toEqual({ status: 'ok', value: 'page' });
    expect(asked).toEqual([{ page: 1 }, { page: 1 }]);
  });

  it('keeps any other error', async () => {
    const { queries, asked } = queriesAnswering([
      { ok: false, error: errorOf(ErrorCode.BAD_VALUE) },
    ]);
    const state = await queries.cache.fetch(queries.viewAnswer('f1', 'q', { page: 1 }));
    expect(state).toMatchObject({ status: 'error', error: { code: ErrorCode.BAD_VALUE } });
    expect(asked).toHaveLength(1);
  });
});

/**
 * Questions to a session's decoded view through the worker (`viewRequest`): the answer comes
 * back as plain data, a FormatError as data with its code and offset, and a session without
 * such a view says so instead of failing some other way.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import type { FormatModule, ViewJob } from '../../formats/model.ts';
import { writeTwoPart } from '../../formats/testing/two-part-write.ts';
import { twoPartFormat } from '../../formats/testing/two-part.ts';
import type { NamedBlob } from './api.ts';
import { createDecoderImpl } from './impl.ts';

const files = writeTwoPart([
  { name: 'data.001', files: [{ name: 'a.txt', data: new TextEncoder().encode('a') }] },
]);
const index: NamedBlob = {
  name: 'game.twop',
  blob: new Blob([files.index as Uint8Array<ArrayBuffer>]),
};

/** The two-part format with a view that answers `{double: n}` and refuses anything else. */
const answering = {
  ...twoPartFormat,
  open: async (request) => {
    const session = await twoPartFormat.open(request);
    return {
      ...session,
      view: {
        kind: 'test-view',
        data: () => ({ nodes: session.nodeCount() }),
        request: async (query: unknown, job: ViewJob) => {
          const asked = query as { double?: unknown; spin?: boolean };
          // A long request: works in chunks until cancelled.
          for (let chunk = 0; asked.spin === true; chunk++) {
            job.signal.throwIfCancelled();
            job.progress(chunk, 1_000_000, 'spinning');
            await job.pause();
          }
          if (typeof asked.double !== 'number') {
            throw new FormatError({ code: ErrorCode.BAD_VALUE, offset: 0x1c, detail: 'no' });
          }
          return { doubled: asked.double * 2 };
        },
      },
    };
  },
} satisfies FormatModule;

describe('viewRequest', () => {
  it('answers with the view’s plain data, and a FormatError as data with its offset', async () => {
    const decoder = createDecoderImpl({ formats: [answering] });
    expect((await decoder.open([index], () => undefined)).ok).toBe(true);
    expect(await decoder.viewRequest({ double: 21 })).toEqual({ ok: true, value: { doubled: 42 } });
    const refused = await decoder.viewRequest({ triple: 1 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'BAD_VALUE', offset: 0x1c } });
  });

  it('a long request reports progress and stops when cancelled', async () => {
    const decoder = createDecoderImpl({ formats: [answering] });
    expect((await decoder.open([index], () => undefined)).ok).toBe(true);
    const progress: number[] = [];
    const pending = decoder.viewRequest({ spin: true }, (report) => progress.push(report.done));
    await new Promise((resolve) => setTimeout(resolve, 120));
    decoder.cancel('view');
    expect(await pending).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
    expect(progress.length).toBeGreaterThan(0);
    // The worker answers again after it.
    expect(await decoder.viewRequest({ double: 2 })).toEqual({ ok: true, value: { doubled: 4 } });
  });

  it('a session whose view does not answer questions says so', async () => {
    const decoder = createDecoderImpl({ formats: [twoPartFormat] });
    expect((await decoder.open([index], () => undefined)).ok).toBe(true);
    expect(await decoder.viewRequest({ double: 1 })).toMatchObject({
      ok: false,
      error: { code: 'BAD_VALUE' },
    });
  });
});

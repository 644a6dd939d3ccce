/**
 * A decoded view needs a model that decoded: for a file whose reading stopped, the worker
 * answers the view with that error (its code and offset), never with an empty model.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createDecoderImpl } from './impl.ts';

const fixture = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../../formats/${path}`, import.meta.url)));

async function open(path: string) {
  const decoder = createDecoderImpl();
  const name = path.slice(path.lastIndexOf('/') + 1);
  const opened = await decoder.open([{ name, blob: new Blob([fixture(path)]) }], () => {});
  if (!opened.ok) throw new Error(opened.error.message);
  return { decoder, summary: opened.value };
}

describe('documentView', () => {
  it('answers the view of a decoded level', async () => {
    const { decoder, summary } = await open('wwd/fixtures/tiny.wwd');
    expect(summary.capabilities.view).not.toBeNull();
    expect(decoder.documentView()).toMatchObject({ ok: true });
  });

  it('answers a damaged level with the error that stopped it, not an empty map', async () => {
    const { decoder, summary } = await open('wwd/fixtures/should-fail/bad-header-size.wwd');
    expect(summary.fatal).toMatchObject({ code: 'BAD_MAGIC', offset: 0 });
    expect(decoder.documentView()).toEqual({ ok: false, error: summary.fatal });
  });

  it('answers a cut keyed archive with its error, though the keys read before stay', async () => {
    const { decoder, summary } = await open('ka/fixtures/should-fail/truncated.ka');
    expect(summary.fatal).toMatchObject({ code: 'OUT_OF_BOUNDS', offset: 15 });
    expect(decoder.documentView()).toMatchObject({
      ok: false,
      error: { code: 'OUT_OF_BOUNDS', offset: 15 },
    });
  });
});

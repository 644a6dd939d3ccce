/**
 * "Export listing" through the decoder's API: the visible rows (as expanded and filtered) or
 * every node, as CSV (quoted where needed) and JSON with the same columns and values.
 */
import { describe, expect, it } from 'vitest';
import { writeKiwad } from '../../formats/kiwad/write.ts';
import type { Result } from '../rpc/api.ts';
import { createDecoderImpl } from '../rpc/impl.ts';

const encode = (text: string) => new TextEncoder().encode(text);

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function opened() {
  const decoder = createDecoderImpl({ startsHelpersAhead: false });
  const bytes = writeKiwad([
    { name: 'a/one.txt', data: encode('one one one one') },
    { name: 'a/b,"two".ogg', data: encode('two') },
    { name: 'top.txt', data: encode('top') },
  ]);
  value(
    await decoder.open(
      [{ name: 't.wad', blob: new Blob([bytes as Uint8Array<ArrayBuffer>]) }],
      () => undefined,
    ),
  );
  return decoder;
}

describe('exportListing', () => {
  it('lists every node, as JSON and as the same CSV', async () => {
    const decoder = await opened();
    const json = JSON.parse(await value(decoder.exportListing('all', 'json')).text()) as Record<
      string,
      unknown
    >[];
    expect(json.map((row) => row.path)).toEqual(['a/b,"two".ogg', 'a/one.txt', 'top.txt']);
    expect(json[1]).toMatchObject({
      kind: 'entry',
      size: 15,
      compressed: true,
      status: 'unchecked',
    });
    const csv = await value(decoder.exportListing('all', 'csv')).text();
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(Object.keys(json[0]!).join(','));
    expect(lines[1]!.startsWith('"a/b,""two"".ogg",entry,3,3,false,')).toBe(true);
    expect(lines).toHaveLength(json.length + 2);
  });

  it('lists the visible rows: folders collapsed, a filter applied', async () => {
    const decoder = await opened();
    const collapsed = JSON.parse(await value(decoder.exportListing('visible', 'json')).text());
    expect((collapsed as { path: string }[]).map((row) => row.path)).toEqual(['a', 'top.txt']);
    decoder.setFilter('one');
    const filtered = JSON.parse(await value(decoder.exportListing('visible', 'json')).text());
    expect((filtered as { path: string }[]).map((row) => row.path)).toEqual(['a', 'a/one.txt']);
  });
});

/**
 * The worker's image calls: a texture opened as the file, and one inside an archive (its
 * entry opened as a nested file through the registry); a surface decoded to RGBA.
 */
import { describe, expect, it } from 'vitest';
import { packPixels, rampPixels } from '../../formats/dds/seeds.ts';
import { writeDdsTexture } from '../../formats/dds/write.ts';
import { writeKiwad } from '../../formats/kiwad/write.ts';
import { pcxSamples, pcxTestPalette } from '../../formats/pcx/fixtures.ts';
import { writeRez } from '../../formats/rez/write.ts';
import { FILE_REF, nodeRef, type Result } from './api.ts';
import { createDecoderImpl } from './impl.ts';

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** An 8 × 4 B8G8R8A8 texture with two levels, and its pixels. */
function texture() {
  const levels = [rampPixels(8, 4), rampPixels(4, 2)];
  const data = new Uint8Array([
    ...packPixels(levels[0]!, 4, [16, 8, 0, 24]),
    ...packPixels(levels[1]!, 4, [16, 8, 0, 24]),
  ]);
  const bytes = writeDdsTexture({
    width: 8,
    height: 4,
    levels: 2,
    format: { bits: 32, masks: [0xff0000, 0xff00, 0xff, 0xff000000] },
    data,
  });
  return { bytes, levels };
}

async function opened(name: string, bytes: Uint8Array) {
  const decoder = createDecoderImpl({ startsHelpersAhead: false });
  value(
    await decoder.open(
      [{ name, blob: new Blob([bytes as Uint8Array<ArrayBuffer>]) }],
      () => undefined,
    ),
  );
  return decoder;
}

describe('images through the worker API', () => {
  it('describes and decodes the opened texture', async () => {
    const { bytes, levels } = texture();
    const decoder = await opened('ramp.dds', bytes);
    const info = value(await decoder.describeImage(FILE_REF))!;
    expect([info.width, info.height, info.levels.length]).toEqual([8, 4, 2]);
    const decoded = value(await decoder.decodeImage(FILE_REF, { level: 1, layer: 0, face: 0 }));
    expect([decoded.width, decoded.height]).toEqual([4, 2]);
    expect(decoded.rgba).toEqual(levels[1]);
  });

  it('opens a texture entry of an archive as a nested file and decodes it', async () => {
    const { bytes, levels } = texture();
    const archive = writeKiwad(
      [
        { name: 'notes.txt', data: new TextEncoder().encode('not an image') },
        { name: 'Textures/ramp.dds', data: bytes },
      ],
      { version: 2, flags: 1 },
    );
    const decoder = await opened('textures.wad', archive);
    const index = [0, 1].find((at) => value(decoder.entryDetails(at)).path.endsWith('.dds'))!;
    expect(value(await decoder.describeImage(nodeRef(1 - index)))).toBeNull();
    const info = value(await decoder.describeImage(nodeRef(index)))!;
    expect(info.pixelFormat).toBe('B8G8R8A8 (A8R8G8B8)');
    const decoded = value(
      await decoder.decodeImage(nodeRef(index), { level: 0, layer: 0, face: 0 }),
    );
    expect(decoded.rgba).toEqual(levels[0]);
  });

  it('a PCX entry of a REZ shows its image: the entry opened as a PCX through the registry', async () => {
    const [paletted] = pcxSamples();
    const rez = writeRez([
      { path: 'STATES/TITLE.PCX', bytes: paletted!.bytes },
      { path: 'STATES/NOTES.TXT', bytes: new TextEncoder().encode('no image') },
    ]);
    const decoder = await opened('CLAW.REZ', rez);
    const index = [0, 1].find((at) => value(decoder.entryDetails(at)).path.endsWith('.PCX'))!;
    const info = value(await decoder.describeImage(nodeRef(index)))!;
    expect([info.pixelFormat, info.width, info.height]).toEqual(['PCX, 1 × 8 bits', 9, 5]);
    const decoded = value(
      await decoder.decodeImage(nodeRef(index), { level: 0, layer: 0, face: 0 }),
    );
    const palette = pcxTestPalette();
    const expected = Array.from(paletted!.input.pixels).flatMap((colour) => [
      palette[colour * 3],
      palette[colour * 3 + 1],
      palette[colour * 3 + 2],
      255,
    ]);
    expect(Array.from(decoded.rgba)).toEqual(expected);
  });

  it('answers a cut-short texture entry’s own error (as opened alone); "no image" only where no format reads it', async () => {
    // 150 bytes: the headers (128) and part of the first level.
    const short = texture().bytes.subarray(0, 150);
    const alone = value(
      await createDecoderImpl({ startsHelpersAhead: false }).open(
        [{ name: 'short.dds', blob: new Blob([short as Uint8Array<ArrayBuffer>]) }],
        () => undefined,
      ),
    ).fatal!;
    expect(alone).toMatchObject({ code: 'UNEXPECTED_EOF' });
    const archive = writeKiwad(
      [
        { name: 'notes.txt', data: new TextEncoder().encode('not an image') },
        { name: 'Textures/short.dds', data: short },
      ],
      { version: 2, flags: 1 },
    );
    const decoder = await opened('textures.wad', archive);
    const index = [0, 1].find((at) => value(decoder.entryDetails(at)).path.endsWith('.dds'))!;
    const surface = { level: 0, layer: 0, face: 0 };
    const expected = { code: alone.code, offset: alone.offset, message: alone.message };
    expect(await decoder.describeImage(nodeRef(index))).toMatchObject({
      ok: false,
      error: expected,
    });
    expect(await decoder.decodeImage(nodeRef(index), surface)).toMatchObject({
      ok: false,
      error: expected,
    });
    expect(await decoder.imagePng(nodeRef(index), surface)).toMatchObject({
      ok: false,
      error: expected,
    });
    // Content no image format claims still holds no image.
    expect(value(await decoder.describeImage(nodeRef(1 - index)))).toBeNull();
    expect(await decoder.decodeImage(nodeRef(1 - index), surface)).toMatchObject({
      ok: false,
      error: { code: 'BAD_VALUE', message: expect.stringContaining('holds no image') },
    });
  });

  it('answers an error as data for a surface that is not there', async () => {
    const decoder = await opened('ramp.dds', texture().bytes);
    const answer = await decoder.decodeImage(FILE_REF, { level: 5, layer: 0, face: 0 });
    expect(answer).toMatchObject({ ok: false, error: { code: 'OUT_OF_BOUNDS' } });
  });
});

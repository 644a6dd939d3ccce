/**
 * PCX: the writer's samples decoded to the pixels they were written from (an 8-bit paletted
 * picture with its palette, a 24-bit one of three planes), a run-length stream laid out by
 * hand, forged header fields with their codes and offsets, and detection. A PCX entry of a
 * REZ is shown through the worker's image calls (worker/rpc/images.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { decodePixels } from '../../binary/pixels/decode.ts';
import type { Session } from '../model.ts';
import { inlineServices } from '../services.ts';
import { pcxSamples, pcxTestPalette } from './fixtures.ts';
import { pcxFormat } from './module.ts';
import { parsePcxHeader, pcxSurface } from './read.ts';
import { openPcxSession } from './session.ts';

const open = (bytes: Uint8Array, name = 'x.pcx'): Promise<Session> =>
  openPcxSession({
    sources: [new MemoryByteSource(bytes, name)],
    services: inlineServices(),
    sink: { nodes: () => undefined, nodeRange: () => undefined },
  });

function thrown(work: () => unknown): FormatError {
  try {
    work();
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('PCX images', () => {
  it('an 8-bit paletted picture decodes to its palette colours, an odd width padded away', async () => {
    const [paletted] = pcxSamples();
    const session = await open(paletted!.bytes);
    const info = (await session.images!.describe(0))!;
    expect([info.width, info.height, info.unsupported]).toEqual([9, 5, null]);
    const surface = await session.images!.surface(0, { level: 0, layer: 0, face: 0 });
    const { rgba } = decodePixels(surface.encoding, surface.bytes, 9, 5);
    const palette = pcxTestPalette();
    paletted!.input.pixels.forEach((index, pixel) => {
      expect(Array.from(rgba.subarray(pixel * 4, pixel * 4 + 4))).toEqual([
        palette[index * 3],
        palette[index * 3 + 1],
        palette[index * 3 + 2],
        255,
      ]);
    });
  });

  it('a 24-bit picture of three planes decodes to its RGB pixels', () => {
    const [, truecolour] = pcxSamples();
    const surface = pcxSurface(truecolour!.bytes);
    const { rgba } = decodePixels(surface.encoding, surface.bytes, 6, 4);
    const rgb = truecolour!.input.pixels;
    for (let pixel = 0; pixel < 24; pixel++) {
      expect(Array.from(rgba.subarray(pixel * 4, pixel * 4 + 4))).toEqual([
        rgb[pixel * 3],
        rgb[pixel * 3 + 1],
        rgb[pixel * 3 + 2],
        255,
      ]);
    }
  });

  it('reads runs as ZSoft lays them out: 0xC0 | n repeats the next byte, others stand alone', () => {
    // A 4 × 2 image, one plane, 4 bytes a line: line 0 = C3 07 (7 three times) 09; line 1 =
    // C4 C1 (0xC1 four times: a value of 0xC0 or more is always written as a run).
    const bytes = new Uint8Array(128 + 5 + 769);
    bytes.set([0x0a, 5, 1, 8, 0, 0, 0, 0, 3, 0, 1, 0]);
    bytes[65] = 1;
    bytes[66] = 4;
    bytes.set([0xc3, 0x07, 0x09, 0xc4, 0xc1], 128);
    bytes[133] = 0x0c;
    expect(Array.from(pcxSurface(bytes).bytes)).toEqual([7, 7, 7, 9, 0xc1, 0xc1, 0xc1, 0xc1]);
  });

  it('forged fields: magic, encoding, an empty window, sides, a short line, an early end', () => {
    const base = pcxSamples()[0]!.bytes;
    const forged = (at: number, values: number[]) => {
      const bytes = base.slice();
      bytes.set(values, at);
      return bytes;
    };
    const cases: [Uint8Array, ErrorCode, number][] = [
      [forged(0, [0x0b]), ErrorCode.BAD_MAGIC, 0],
      [forged(2, [7]), ErrorCode.BAD_VALUE, 2],
      // xMin 20 past xMax 8: an empty window, reported at the window.
      [forged(4, [20, 0]), ErrorCode.BAD_VALUE, 4],
      [forged(8, [0xff, 0x7f]), ErrorCode.TOO_LARGE, 8],
      [forged(66, [2, 0]), ErrorCode.BAD_VALUE, 66],
    ];
    for (const [bytes, code, offset] of cases) {
      const error = thrown(() => pcxSurface(bytes));
      expect([error.code, error.offset]).toEqual([code, offset]);
    }
    // Scanlines cut short (the palette with them): the end of the data.
    const error = thrown(() => pcxSurface(base.slice(0, 140)));
    expect([error.code, error.offset]).toEqual([ErrorCode.UNEXPECTED_EOF, 140]);
    expect(parsePcxHeader(base).planes).toBe(1);
  });

  it('is detected by its name and a header that could be one, not by the name alone', () => {
    const bytes = pcxSamples()[0]!.bytes;
    expect(pcxFormat.detect(bytes.subarray(0, 64), 'TITLE.PCX')).toBe('magic');
    expect(pcxFormat.detect(new Uint8Array(64), 'TITLE.PCX')).toBeNull();
    expect(pcxFormat.detect(bytes.subarray(0, 64), 'TITLE.BIN')).toBeNull();
  });
});

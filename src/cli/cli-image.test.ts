/**
 * `image` and `info` on textures: a DDS level written as a PNG equal to the pixels written
 * (read back by an independent PNG reader: inflate and row filters here), a texture entry
 * of an archive, a split texture's tiers found beside it, and a codec Delve does not decode
 * refused in one line naming it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzlibSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { packPixels, rampPixels } from '../formats/dds/seeds.ts';
import { writeDdsTexture } from '../formats/dds/write.ts';
import { writeKiwad } from '../formats/kiwad/write.ts';
import { cliIn } from './testing/run-cli.ts';

const work = mkdtempSync(join(tmpdir(), 'delve-cli-image-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const cli = cliIn(work);

const LEVELS = [rampPixels(8, 8), rampPixels(4, 4), rampPixels(2, 2), rampPixels(1, 1)];

/** An 8 × 8 A8R8G8B8 texture with its full chain (4 levels). */
function rampDds(): Uint8Array {
  const data = LEVELS.flatMap((rgba) => [...packPixels(rgba, 4, [16, 8, 0, 24])]);
  return writeDdsTexture({
    width: 8,
    height: 8,
    levels: 4,
    format: { bits: 32, masks: [0xff0000, 0xff00, 0xff, 0xff000000] },
    data: Uint8Array.from(data),
  });
}

/** The pixels of one of our PNGs (8-bit RGBA, filter 0 rows, as written). */
function pngPixels(path: string): { width: number; height: number; rgba: number[] } {
  const png = new Uint8Array(readFileSync(path));
  const view = new DataView(png.buffer);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const idatLength = view.getUint32(33);
  expect(String.fromCharCode(...png.subarray(37, 41))).toBe('IDAT');
  const raw = unzlibSync(png.subarray(41, 41 + idatLength));
  const rgba: number[] = [];
  for (let y = 0; y < height; y += 1) {
    expect(raw[y * (width * 4 + 1)]).toBe(0);
    rgba.push(...raw.subarray(y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1)));
  }
  return { width, height, rgba };
}

describe('image', () => {
  it('writes a level of a DDS as the pixels written', async () => {
    writeFileSync(join(work, 'ramp.dds'), rampDds());
    const { code, errLines } = await cli('image', 'ramp.dds', '--level', '1', '-o', 'level1.png');
    expect([code, errLines]).toEqual([0, []]);
    const png = pngPixels(join(work, 'level1.png'));
    expect([png.width, png.height]).toEqual([4, 4]);
    expect(png.rgba).toEqual(Array.from(LEVELS[1]!));
  });

  it('writes the texture an archive entry holds', async () => {
    const archive = writeKiwad([{ name: 'Textures/ramp.dds', data: rampDds() }], {
      version: 2,
      flags: 1,
    });
    writeFileSync(join(work, 'textures.wad'), archive);
    const { code } = await cli('image', 'textures.wad', 'Textures/ramp.dds', '-o', 'entry.png');
    expect(code).toBe(0);
    expect(pngPixels(join(work, 'entry.png')).rgba).toEqual(Array.from(LEVELS[0]!));
  });

  it('says why a cut-short texture entry gives no image: its own error and offset', async () => {
    // The headers (128 bytes) and 22 bytes of a 256-byte first level.
    const short = rampDds().subarray(0, 150);
    writeFileSync(join(work, 'short.dds'), short);
    const alone = await cli('info', 'short.dds');
    expect(alone.code).toBe(1);
    const reason = alone.errLines
      .join('\n')
      .match(/unexpected end of data at 0x[0-9A-F]+: .*/)?.[0];
    expect(reason).toBeDefined();
    const archive = writeKiwad(
      [
        { name: 'Textures/short.dds', data: short },
        { name: 'readme.txt', data: new TextEncoder().encode('no image') },
      ],
      { version: 2, flags: 1 },
    );
    writeFileSync(join(work, 'broken.wad'), archive);
    const failed = await cli('image', 'broken.wad', 'Textures/short.dds', '-o', 'short.png');
    expect([failed.code, failed.errLines]).toEqual([
      1,
      [`broken.wad: Textures/short.dds: ${reason!}`],
    ]);
    // An entry no image format reads still holds no image.
    const text = await cli('image', 'broken.wad', 'readme.txt', '-o', 'readme.png');
    expect([text.code, text.errLines]).toEqual([
      1,
      ['broken.wad: readme.txt: holds no image Delve decodes'],
    ]);
  });

  it('finds the tiers of a split texture beside it', async () => {
    const whole = rampDds();
    // The two largest levels (256 and 64 bytes) in hull.dd0 and hull.dd1.
    writeFileSync(
      join(work, 'hull.dds'),
      Uint8Array.from([...whole.subarray(0, 128), ...whole.subarray(128 + 320)]),
    );
    writeFileSync(join(work, 'hull.dd0'), whole.subarray(128, 128 + 256));
    writeFileSync(join(work, 'hull.dd1'), whole.subarray(128 + 256, 128 + 320));
    const { code } = await cli('image', 'hull.dds', '-o', 'hull.png');
    expect(code).toBe(0);
    expect(pngPixels(join(work, 'hull.png')).rgba).toEqual(Array.from(LEVELS[0]!));
  });

  it('refuses a codec it does not decode in one line naming it, and a level past the chain', async () => {
    const float = writeDdsTexture({
      width: 2,
      height: 2,
      levels: 1,
      format: { dxgiFormat: 2 },
      data: new Uint8Array(64),
    });
    writeFileSync(join(work, 'float.dds'), float);
    const refused = await cli('image', 'float.dds', '-o', 'float.png');
    expect(refused.code).toBe(1);
    expect(refused.errLines).toHaveLength(1);
    expect(refused.errLines[0]).toContain('R32G32B32A32_FLOAT');
    const past = await cli('image', 'ramp.dds', '--level', '4', '-o', 'past.png');
    expect(past.code).toBe(1);
    expect(past.errLines).toHaveLength(1);
  });
});

describe('info', () => {
  it('--json of a DDS gives its size, levels and pixel format', async () => {
    const { code, out } = await cli('info', 'ramp.dds', '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({
      format: 'dds',
      width: 8,
      height: 8,
      levels: 4,
      pixelFormat: 'B8G8R8A8 (A8R8G8B8)',
      bytesPerLevel: [256, 64, 16, 4],
    });
  });
});

describe('extract --png', () => {
  it('writes each image entry as NAME.png beside it, its largest level as written', async () => {
    const archive = writeKiwad(
      [
        { name: 'Textures/ramp.dds', data: rampDds() },
        { name: 'readme.txt', data: new TextEncoder().encode('no image') },
      ],
      { version: 2, flags: 1 },
    );
    writeFileSync(join(work, 'textures.wad'), archive);
    const { code, out } = await cli('extract', 'textures.wad', '-o', 'out', '--png');
    expect(code).toBe(0);
    expect(out).toContain('textures.wad: wrote 1 images as PNG');
    // The entry itself is written as it is; its PNG is beside it.
    expect(new Uint8Array(readFileSync(join(work, 'out/Textures/ramp.dds')))).toEqual(rampDds());
    const png = pngPixels(join(work, 'out/Textures/ramp.dds.png'));
    expect([png.width, png.height]).toEqual([8, 8]);
    expect(png.rgba).toEqual(Array.from(LEVELS[0]!));
    expect(() => readFileSync(join(work, 'out/readme.txt.png'))).toThrow();
  });

  it('names a cut-short texture entry on stderr with its error, and writes the entry itself', async () => {
    const short = rampDds().subarray(0, 150);
    const archive = writeKiwad([{ name: 'Textures/short.dds', data: short }], {
      version: 2,
      flags: 1,
    });
    writeFileSync(join(work, 'short.wad'), archive);
    const { code, errLines } = await cli('extract', 'short.wad', '-o', 'short-out', '--png');
    expect(code).toBe(0);
    expect(errLines).toEqual([
      expect.stringMatching(
        /^short\.wad: not converted "Textures\/short\.dds": unexpected end of data at 0x96: /,
      ),
    ]);
    expect(new Uint8Array(readFileSync(join(work, 'short-out/Textures/short.dds')))).toEqual(short);
  });
});

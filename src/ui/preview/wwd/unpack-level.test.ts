/**
 * The level view data's packed objects (formats/wwd/view-wire.ts) unpack to the very
 * objects the reader made, after a structured clone as the worker's answer takes: for a
 * made level and for every real level in ../shared/fixtures/wwd.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tinyWwdLevel } from '../../../formats/wwd/fixtures/make-fixtures.ts';
import { parseWwd } from '../../../formats/wwd/read.ts';
import { packLevelView } from '../../../formats/wwd/view-wire.ts';
import { writeWwd } from '../../../formats/wwd/write.ts';
import type { WwdLevelView } from './level-types.ts';
import { unpackLevel } from './unpack-level.ts';

const realDir = fileURLToPath(new URL('../../../../../shared/fixtures/wwd/', import.meta.url));
const realLevels = existsSync(realDir)
  ? readdirSync(realDir).filter((name) => /\.wwd$/i.test(name))
  : [];

/** The level read from `bytes`, as the session sends it (packed, then cloned) and as read. */
async function sentAndRead(bytes: Uint8Array) {
  const { value } = await parseWwd(bytes);
  const { logical, trailingData: _trailingData, ...level } = value;
  const sent = structuredClone(packLevelView(level, logical));
  return { sent, level: level as WwdLevelView };
}

describe('packed level objects', () => {
  it('unpack to the objects read, every field, nested rects and arrays included', async () => {
    const { sent, level } = await sentAndRead(writeWwd(tinyWwdLevel(), { compress: true }));
    expect(sent.planes[1]!.objects).toEqual([]);
    expect(sent.planes[1]!.packedObjects.words).toBeInstanceOf(Int32Array);
    const whole = unpackLevel(sent as never);
    expect(whole).toEqual(level);
    const rat = whole.planes[1]!.objects[1]!;
    expect(rat.userValues).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(rat.hitTypeFlags).toBe(0xffffffff);
    expect(Array.isArray(rat.userValues)).toBe(true);
  });

  it('leaves a level sent whole as it is', async () => {
    const { level } = await sentAndRead(writeWwd(tinyWwdLevel(), { compress: false }));
    expect(unpackLevel(level)).toBe(level);
  });

  it.each(realLevels)('unpack to the objects read in the real level %s', async (name) => {
    const { sent, level } = await sentAndRead(new Uint8Array(readFileSync(realDir + name)));
    const whole = unpackLevel(sent as never);
    const objectCount = level.planes.reduce((sum, plane) => sum + plane.objects.length, 0);
    expect(whole.planes.reduce((sum, plane) => sum + plane.objects.length, 0)).toBe(objectCount);
    expect(whole).toEqual(level);
  });
});

/**
 * The level view data's packed objects (formats/wwd/view-wire.ts) unpack to the very
 * objects the reader made, after a structured clone as the worker's answer takes.
 */
import { describe, expect, it } from 'vitest';
import { tinyWwdLevel } from '../../../formats/wwd/fixtures/make-fixtures.ts';
import { packLevelView } from '../../../formats/wwd/view-wire.ts';
import { levelOf } from './testing/levels.ts';
import { unpackLevel } from './unpack-level.ts';

describe('packed level objects', () => {
  it('unpack to the objects read, every field, nested rects and arrays included', async () => {
    const level = await levelOf(tinyWwdLevel());
    const packed = structuredClone(packLevelView(level));
    expect(packed.planes[1]!.objects).toEqual([]);
    expect(packed.planes[1]!.packedObjects.numbers).toBeInstanceOf(Float64Array);
    const whole = unpackLevel(packed as never);
    expect(whole).toEqual(level);
    const rat = whole.planes[1]!.objects[1]!;
    expect(rat.userValues).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(rat.hitTypeFlags).toBe(0xffffffff);
    expect(Array.isArray(rat.userValues)).toBe(true);
  });

  it('leaves a level sent whole as it is', async () => {
    const level = await levelOf(tinyWwdLevel());
    expect(unpackLevel(level)).toBe(level);
  });
});

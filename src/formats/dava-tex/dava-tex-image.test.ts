/**
 * A descriptor with the texture beside it: dropped together they are gathered as one file,
 * the sibling opens through the registry and its image is the descriptor's (given at the
 * open, or added later as a source); without it, the descriptor holds no image.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { decodePixels } from '../../binary/pixels/decode.ts';
import { rampDds } from '../dds/seeds.ts';
import { inlineRegistryServices } from '../registry.ts';
import { davaTexSeeds } from './fixtures/make-fixtures.ts';
import { openDavaTexSession } from './session.ts';
import { gatherDavaTexFiles, isSiblingImage } from './sibling.ts';

const NO_SINK = { nodes: () => undefined, nodeRange: () => undefined };
const { pixels, bytes: dds } = rampDds(4, 4);
const descriptor = () => new MemoryByteSource(davaTexSeeds()[0]!, 'tank.tex');
const open = (...sources: MemoryByteSource[]) =>
  openDavaTexSession({ sources, services: inlineRegistryServices(), sink: NO_SINK });

describe('a descriptor and its texture', () => {
  it('knows its images by name: base.dds, base.<gpu>.pvr, never another base', () => {
    expect(isSiblingImage('tank.dds', 'tank')).toBe(true);
    expect(isSiblingImage('TANK.mali.PVR', 'tank')).toBe(true);
    expect(isSiblingImage('tank_n.dds', 'tank')).toBe(false);
    expect(isSiblingImage('tank.png', 'tank')).toBe(false);
    expect(isSiblingImage('tank.a.b.dds', 'tank')).toBe(false);
  });

  it('gathers a dropped descriptor with the images beside it, in its folder only', () => {
    const groups = gatherDavaTexFiles([
      { path: 'Gfx/tank.tex', size: 40 },
      { path: 'Gfx/tank.dds', size: 200 },
      { path: 'Other/tank.pvr', size: 200 },
      { path: 'Gfx/hull.tex', size: 40 },
    ]);
    expect(groups.map((group) => group.choices[0]!.files)).toEqual([[0, 1]]);
  });

  it('shows the sibling’s image, given at the open or added later', async () => {
    const together = await open(descriptor(), new MemoryByteSource(dds, 'tank.dds'));
    const info = await together.images!.describe(0);
    expect(info?.facts[0]).toEqual(['Image', 'tank.dds']);
    const surface = await together.images!.surface(0, { level: 0, layer: 0, face: 0 });
    expect(decodePixels(surface.encoding, surface.bytes, 4, 4).rgba).toEqual(pixels);

    const alone = await open(descriptor());
    expect(await alone.images!.describe(0)).toBeNull();
    expect(alone.sources!.add(new MemoryByteSource(dds, 'hull.dds'))).toBe(false);
    expect(alone.sources!.add(new MemoryByteSource(dds, 'tank.dds'))).toBe(true);
    expect((await alone.images!.describe(0))?.width).toBe(4);
    expect(alone.sources!.used()).toEqual(['tank.tex', 'tank.dds']);
  });
});

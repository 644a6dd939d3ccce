/**
 * Files given beside a wrapped file are handed over as what they wrap, and drops are
 * gathered by those names: a DAVA descriptor and its image, both in `.dvpl` wrappers (as
 * World of Tanks Blitz ships them), open as one session that shows the image.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../binary/byte-source.ts';
import { decodePixels } from '../binary/pixels/decode.ts';
import { davaTexSeeds } from './dava-tex/fixtures/make-fixtures.ts';
import { openDavaTexSession } from './dava-tex/session.ts';
import { gatherDavaTexFiles } from './dava-tex/sibling.ts';
import { rampDds } from './dds/seeds.ts';
import { writeDvpl } from './dvpl/write.ts';
import { FORMATS, inlineRegistryServices, unwrappedPath } from './registry.ts';
import { unwrapSource, unwrapSources } from './wrapped-sources.ts';

const NO_SINK = { nodes: () => undefined, nodeRange: () => undefined };
const { pixels, bytes: dds } = rampDds(4, 4);
const services = inlineRegistryServices();

describe('wrapped sources', () => {
  it('names a wrapped file by what it wraps, in its folder', () => {
    expect(unwrappedPath('Gfx/tank.tex.dvpl', FORMATS)).toBe('Gfx/tank.tex');
    expect(unwrappedPath('TANK.DDS.DVPL', FORMATS)).toBe('TANK.DDS');
    expect(unwrappedPath('Gfx/tank.dds', FORMATS)).toBe('Gfx/tank.dds');
    expect(unwrappedPath('.dvpl', FORMATS)).toBe('.dvpl');
  });

  it('unwraps a wrapped source (LZ4 and stored), and leaves any other as it is', async () => {
    for (const type of [0, 1, 2] as const) {
      const wrapped = new MemoryByteSource(writeDvpl(dds, { type }), 'tank.dds.dvpl');
      const inner = await unwrapSource(wrapped, services, FORMATS);
      expect(inner.name).toBe('tank.dds');
      expect(await inner.read(0, inner.size)).toEqual(dds);
    }
    const plain = new MemoryByteSource(dds, 'tank.dds');
    expect(await unwrapSource(plain, services, FORMATS)).toBe(plain);
    // Named like a wrapper, but its bytes are not one: given as it is.
    const impostor = new MemoryByteSource(dds, 'tank.dds.dvpl');
    expect(await unwrapSource(impostor, services, FORMATS)).toBe(impostor);
    // A wrapper cut short does not unwrap: given as it is, for its session to judge.
    const cut = writeDvpl(dds, { type: 1 });
    const broken = new MemoryByteSource(cut.subarray(0, cut.length - 30), 'tank.dds.dvpl');
    expect(await unwrapSource(broken, services, FORMATS)).toBe(broken);
  });

  it('keeps the opened file as it is and unwraps the others', async () => {
    const descriptor = new MemoryByteSource(writeDvpl(davaTexSeeds()[0]!), 'tank.tex.dvpl');
    const image = new MemoryByteSource(writeDvpl(dds, { type: 1 }), 'tank.dds.dvpl');
    const [first, second] = await unwrapSources([descriptor, image], services, FORMATS);
    expect(first).toBe(descriptor);
    expect(second!.name).toBe('tank.dds');
  });

  it('a wrapped descriptor beside its wrapped image shows that image once unwrapped', async () => {
    const groups = gatherDavaTexFiles(
      ['Gfx/tank.tex.dvpl', 'Gfx/tank.dds.dvpl', 'Gfx/hull.dds.dvpl'].map((path) => ({
        path: unwrappedPath(path, FORMATS),
        size: 100,
      })),
    );
    expect(groups.map((group) => group.choices[0]!.files)).toEqual([[0, 1]]);

    const descriptor = await unwrapSource(
      new MemoryByteSource(writeDvpl(davaTexSeeds()[0]!, { type: 1 }), 'tank.tex.dvpl'),
      services,
      FORMATS,
    );
    const sources = await unwrapSources(
      [descriptor, new MemoryByteSource(writeDvpl(dds, { type: 1 }), 'tank.dds.dvpl')],
      services,
      FORMATS,
    );
    const session = await openDavaTexSession({ sources, services, sink: NO_SINK });
    expect((await session.images!.describe(0))?.facts[0]).toEqual(['Image', 'tank.dds']);
    const surface = await session.images!.surface(0, { level: 0, layer: 0, face: 0 });
    expect(decodePixels(surface.encoding, surface.bytes, 4, 4).rgba).toEqual(pixels);
  });
});

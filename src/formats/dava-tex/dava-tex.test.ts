import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import type { Session } from '../model.ts';
import { DETECT_HEAD_LENGTH, detectFormat } from '../registry.ts';
import { inlineServices } from '../services.ts';
import { cubeDavaTex, exportedDavaTex, makeFixtures } from './fixtures/make-fixtures.ts';
import { davaTexFuzzTarget } from './fuzz-target.ts';
import { parseDavaTex } from './read.ts';
import { openDavaTexSession } from './session.ts';
import type { DavaTexDescriptor } from './types.ts';
import { draftDavaTex, writeDavaTex } from './write.ts';
import { CASE_BUDGET_MS } from '../fuzz/case-budget.ts';

const TANKSBOX = new URL('../../../../shared/fixtures/ka/tanksbox.tex', import.meta.url);

async function open(bytes: Uint8Array, name = 'x.tex'): Promise<Session> {
  return openDavaTexSession({
    sources: [new MemoryByteSource(bytes, name)],
    services: inlineServices(),
    sink: { nodes: () => undefined, nodeRange: () => undefined },
  });
}

const fieldsOf = (session: Session, path: string) => {
  const index = Array.from({ length: session.nodeCount() }, (_, i) => i).find(
    (i) => session.nodeTable().path(i) === path,
  );
  expect(index, path).toBeDefined();
  return Object.fromEntries(session.details(index!).fields);
};

describe.skipIf(!existsSync(TANKSBOX))('the real descriptor tanksbox.tex (145 B)', () => {
  const bytes = () => new Uint8Array(readFileSync(TANKSBOX));

  it('is detected as a texture descriptor by its signature, whatever the name; never as KA', () => {
    const head = bytes().subarray(0, DETECT_HEAD_LENGTH);
    expect(detectFormat(head, 'tanksbox.tex')).toBe('dava-tex');
    expect(detectFormat(head, 'renamed.bin')).toBe('dava-tex');
    expect(detectFormat(head, 'tanksbox.ka')).toBe('dava-tex');
  });

  it('reads to its last byte, with every field', async () => {
    const session = await open(bytes(), 'tanksbox.tex');
    expect(session.fatal).toBeNull();
    expect(session.issues).toEqual([]);
    expect(session.label).toBe('DAVA texture descriptor v13 (not a KeyedArchive)');
    expect(session.nodeTable().path(0)).toBe('header');
    expect(fieldsOf(session, 'draw settings')).toEqual({
      wrapModeS: '0 (wrap)',
      wrapModeT: '0 (wrap)',
      minFilter: '1 (linear)',
      magFilter: '1 (linear)',
      mipFilter: '2 (linear)',
    });
    expect(fieldsOf(session, 'data settings')).toMatchObject({
      textureFlags: '0x01 (generate mipmaps)',
      sourceFileFormat: '4 (TGA)',
      sourceExtension: '.tga',
    });
    expect(fieldsOf(session, 'compressions/PowerVR_iOS')).toEqual({
      imageFormat: '2 (PVR)',
      pixelFormat: '1 (RGBA8888)',
      compressToWidth: '0',
      compressToHeight: '0',
      sourceFileCrc: '0xAF560C96',
      convertedFileCrc: '0x49CE7018',
    });
    expect(fieldsOf(session, 'compressions/origin')).toMatchObject({ imageFormat: '4 (TGA)' });
    const last = session.details(session.nodeCount() - 1).span;
    expect(last.offset + last.length).toBe(145);
  });

  it('writes back byte for byte', () => {
    const { value, fatal } = parseDavaTex(bytes());
    expect(fatal).toBeNull();
    expect(writeDavaTex(value.descriptor)).toEqual(bytes());
  });
});

describe('committed fixtures', () => {
  it.each(makeFixtures().map((fixture) => [fixture.file, fixture] as const))(
    '%s equals its definition and reads as expected',
    async (file, fixture) => {
      const committed = readFileSync(new URL(`./fixtures/${file}`, import.meta.url));
      expect(new Uint8Array(committed)).toEqual(fixture.bytes);
      const session = await open(fixture.bytes);
      if (fixture.fatal) {
        expect({ code: session.fatal?.code, offset: session.fatal?.offset }).toEqual(fixture.fatal);
        // What was read before the failure stays browsable.
        if (fixture.fatal.offset > 0) expect(session.nodeCount()).toBeGreaterThan(0);
        return;
      }
      expect(session.fatal).toBeNull();
      expect(session.issues.map((issue) => issue.code)).toEqual(fixture.issueCodes);
    },
  );
});

describe('layouts', () => {
  it('reads an exported descriptor: the export data instead of the table', async () => {
    const session = await open(writeDavaTex(exportedDavaTex()));
    expect(fieldsOf(session, 'export')).toEqual({
      gpu: '5 (DX11)',
      imageFormat: '1 (DDS)',
      pixelFormat: '16 (DXT5)',
    });
    expect(Object.fromEntries(session.facts)['Exported as']).toBe('DX11: DDS DXT5');
  });

  it('reads the cube faces whose flags are set, in face order', () => {
    const { value } = parseDavaTex(writeDavaTex(cubeDavaTex()));
    expect(value.descriptor.cubefaceExtensions).toEqual(['.png', '.tga', '.png']);
  });

  it('names values no enum defines as #n, never a guess', async () => {
    const odd: DavaTexDescriptor = { ...draftDavaTex(), wrapModeS: 9, textureFlags: 0x41 };
    const fields = fieldsOf(await open(writeDavaTex(odd)), 'draw settings');
    expect(fields.wrapModeS).toBe('9 (#9)');
    const data = fieldsOf(await open(writeDavaTex(odd)), 'data settings');
    expect(data.textureFlags).toBe('0x41 (generate mipmaps, unknown bits 0x40)');
  });
});

describe('properties', () => {
  const descriptors = fc
    .record({
      wrapModeS: fc.nat(255),
      minFilter: fc.nat(255),
      textureFlags: fc.nat(255),
      cubefaceFlags: fc.nat(63),
      sourceExtension: fc.stringMatching(/^[.a-z0-9]{0,8}$/),
      isExported: fc.boolean(),
      width: fc.nat(),
    })
    .map((random): DavaTexDescriptor => {
      const base = random.isExported ? exportedDavaTex() : draftDavaTex();
      const faces = [0, 1, 2, 3, 4, 5].filter((face) => random.cubefaceFlags & (1 << face));
      return {
        ...base,
        wrapModeS: random.wrapModeS,
        minFilter: random.minFilter,
        textureFlags: random.textureFlags,
        cubefaceFlags: random.cubefaceFlags,
        cubefaceExtensions: faces.map((face) => `.f${face}`),
        sourceExtension: random.sourceExtension,
        compressions: base.compressions.map((entry) => ({
          ...entry,
          compressToWidth: random.width,
        })),
      };
    });

  it('any descriptor round-trips: parse(write(d)) == d', () => {
    fc.assert(
      fc.property(descriptors, (descriptor) => {
        const { value, fatal, issues } = parseDavaTex(writeDavaTex(descriptor));
        expect(fatal).toBeNull();
        expect(issues).toEqual([]);
        expect(value.descriptor).toEqual(descriptor);
      }),
    );
  });

  it('mutated descriptors end in a result or a FormatError, quickly', async () => {
    const seeds = await davaTexFuzzTarget.seeds();
    await fc.assert(
      fc.asyncProperty(
        fc.nat(seeds.length - 1),
        fc.array(fc.tuple(fc.nat(), fc.nat(255)), { minLength: 1, maxLength: 6 }),
        fc.nat(200),
        async (index, edits, cut) => {
          const bytes = seeds[index]!.slice(
            0,
            Math.max(0, seeds[index]!.length - (cut % 3 === 0 ? cut : 0)),
          );
          for (const [at, value] of edits) if (bytes.length > 0) bytes[at % bytes.length] = value;
          const started = performance.now();
          await davaTexFuzzTarget.exercise(bytes).catch((error: unknown) => {
            expect(error).toBeInstanceOf(Error);
            expect((error as Error).name).toBe('FormatError');
          });
          expect(performance.now() - started).toBeLessThan(CASE_BUDGET_MS);
        },
      ),
      { numRuns: 500 },
    );
  });
});

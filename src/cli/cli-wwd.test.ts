/**
 * The CLI on WWD levels: `info` (text and JSON, --encoding), the clear error of a damaged
 * header, and `ls`/`verify`/`cat`/`extract` refusing a level (not an archive, exit 2).
 * Real levels come from ../shared/fixtures/wwd (skipped when absent); our own from
 * src/formats/wwd/fixtures.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cliIn } from './testing/run-cli.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = join(root, 'src/formats/wwd/fixtures');
const realDir = join(root, '../shared/fixtures/wwd');
const hasReal = existsSync(realDir);
const work = mkdtempSync(join(tmpdir(), 'delve-cli-wwd-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const cli = cliIn(work);

describe('our fixtures', () => {
  const tiny = join(fixtures, 'tiny-compressed.wwd');

  it('info --json describes the tiny level', async () => {
    const { code, out, errLines } = await cli('info', tiny, '--json');
    expect(code).toBe(0);
    expect(errLines).toEqual([]);
    const info = JSON.parse(out);
    expect(info).toMatchObject({
      format: 'wwd',
      file: 'tiny-compressed.wwd',
      name: 'Delve tiny level',
      author: 'Delve tests',
      flags: 3,
      compressed: true,
      startX: 96,
      startY: 160,
      checksum: { match: true },
      tileProperties: { count: 4, single: 2, double: 1, mask: 1 },
      issues: [],
    });
    expect(info.checksum.stored).toBe(info.checksum.computed);
    expect(info.planes).toEqual([
      {
        name: 'Background',
        isMain: false,
        tilesWide: 3,
        tilesHigh: 2,
        tileWidth: 64,
        tileHeight: 64,
        zCoord: -999,
        objectCount: 0,
        imageSets: ['BACK'],
      },
      expect.objectContaining({ name: 'Action', isMain: true, objectCount: 4 }),
      expect.objectContaining({ name: 'Front', tilesWide: 2, tilesHigh: 2 }),
    ]);
  });

  it('plain info is readable and lists issues such as a checksum mismatch (exit 0)', async () => {
    const { code, out } = await cli('info', join(fixtures, 'bad-checksum.wwd'));
    expect(code).toBe(0);
    expect(out).toContain('format      WWD level (zlib-compressed main block)');
    expect(out).toMatch(/checksum {4}12345 \(mismatch: computed \d+/);
    expect(out).toContain('  1  Action (main): 4 × 3 tiles of 64 × 64 px, z 0, 4 objects');
    expect(out).toContain('warning CHECKSUM_MISMATCH');
  });

  it('--encoding cp1250 decodes Polish names; other values are usage errors', async () => {
    const file = join(fixtures, 'cp1250-names.wwd');
    const polish = JSON.parse((await cli('info', file, '--json', '--encoding', 'cp1250')).out);
    const western = JSON.parse((await cli('info', file, '--json')).out);
    expect(polish.planes[0].name).toBe('Tło');
    expect(western.planes[0].name).toBe('T³o');
    const bad = await cli('info', file, '--encoding', 'utf-8');
    expect(bad.code).toBe(2);
    expect(bad.errLines).toHaveLength(1);
  });

  it.each([
    ['bad-header-size', '0x0'],
    ['truncated-main-block', '0x5F4'],
    ['tiles-offset', '0x'],
  ])('info should-fail/%s.wwd: exit 1, one stderr line naming the offset', async (name, at) => {
    const { code, out, errLines } = await cli('info', join(fixtures, `should-fail/${name}.wwd`));
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(errLines).toHaveLength(1);
    expect(errLines[0]).toContain(` at ${at}`);
  });

  it.each(['ls', 'verify', 'extract'])('%s on a level: not an archive, exit 2', async (command) => {
    const { code, out, errLines } = await cli(command, tiny);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(errLines).toEqual([expect.stringContaining('not an archive but a document, WWD level')]);
  });

  it('cat on a level: not an archive, exit 2', async () => {
    const { code, errLines } = await cli('cat', tiny, 'anything');
    expect(code).toBe(2);
    expect(errLines).toHaveLength(1);
  });
});

describe.skipIf(!hasReal)(
  `real levels${hasReal ? '' : ' (skipped: ../shared/fixtures/wwd not found)'}`,
  () => {
    it('info --json RETAIL01.WWD', async () => {
      const { code, out } = await cli('info', join(realDir, 'RETAIL01.WWD'), '--json');
      expect(code).toBe(0);
      const info = JSON.parse(out);
      expect(info).toMatchObject({
        format: 'wwd',
        name: 'Claw - Level 1',
        author: 'Monolith Productions Inc.',
        flags: 3,
        compressed: true,
        startX: 689,
        startY: 4723,
        checksum: { stored: 3967964812, computed: 3967964812, match: true },
        tileProperties: { count: 938 },
      });
      expect(
        info.planes.map((plane: Record<string, unknown>) => [
          plane.name,
          plane.tilesWide,
          plane.tilesHigh,
          plane.tileWidth,
          plane.tileHeight,
          plane.objectCount,
        ]),
      ).toEqual([
        ['Background', 24, 24, 64, 64, 0],
        ['Action', 384, 96, 64, 64, 1479],
        ['Front', 24, 120, 64, 64, 0],
      ]);
    });

    it('RETAIL01_badsig.WWD: exit 1, one stderr line naming offset 0x0', async () => {
      const { code, out, errLines } = await cli('info', join(realDir, 'RETAIL01_badsig.WWD'));
      expect(code).toBe(1);
      expect(out).toBe('');
      expect(errLines).toHaveLength(1);
      expect(errLines[0]).toMatch(/RETAIL01_badsig\.WWD: bad magic at 0x0: header size 0xADBA/);
    });

    it('plain info on the Gruntz level', async () => {
      const file = join(realDir, 'GRUNTZREZ_AREA8_WORLDZ_LEVEL29.WWD');
      const { code, out } = await cli('info', file);
      expect(code).toBe(0);
      expect(out).toContain('name        Gruntz - Level Set 29');
      expect(out).toContain('  1  Action (main): 80 × 80 tiles of 32 × 32 px, z 0, 740 objects');
      expect(out).toContain('tile props  910 (910 single, 0 double, 0 mask)');
    });
  },
);

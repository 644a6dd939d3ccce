/**
 * The CLI on DAVA files: `info --json` of KeyedArchives (the real v1 files of
 * ../shared/fixtures/ka and our v2 fixtures) in DAVA's type names; a `.dvpl` as its footer
 * plus the inner file's own info; `cat` of a wrapper's decoded file; texture descriptors
 * named as such; malformed files in one error line with the offset (exit 1).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { writeDvpl } from '../formats/dvpl/write.ts';
import { cliIn } from './testing/run-cli.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const real = join(root, '../shared/fixtures/ka');
const kaFixtures = join(root, 'src/formats/ka/fixtures');
const work = mkdtempSync(join(tmpdir(), 'delve-cli-dava-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const cli = cliIn(work);

interface KaJson {
  type: string;
  value: unknown;
}

describe('KeyedArchives', () => {
  it('info --json gives the decoded tree in DAVA type names', async () => {
    const { code, out, errLines } = await cli('info', join(real, 'newTest.dat'), '--json');
    expect(code).toBe(0);
    expect(errLines).toEqual([]);
    const info = JSON.parse(out) as { format: string; version: string; root: KaJson };
    expect(info.format).toBe('ka');
    expect(info.version).toBe('v1');
    expect(info.root.type).toBe('keyedArchive');
    const values = info.root.value as Record<string, KaJson>;
    expect(Object.keys(values)).toHaveLength(16);
    expect(values['float[3.5]:']).toEqual({ type: 'float', value: 3.5 });
    expect(values['byteArr[0x0A,0x0B,0x0C,0x0D]:']).toEqual({
      type: 'byteArray',
      value: '0a0b0c0d',
    });
    // 64-bit integers are decimal strings, exact.
    expect(values['int64[11]:']).toEqual({ type: 'int64', value: '11' });
    expect(values['uint64[12]:']).toEqual({ type: 'uint64', value: '12' });
    expect(values['vector3[6,6,6]:']).toEqual({ type: 'Vector3', value: [6, 6, 6] });
    expect(values['wideString[someWideString]:']).toMatchObject({
      type: 'wideString',
      value: 'someWideString',
    });
  });

  it('a v2 archive resolves its string ids through the table', async () => {
    const { code, out } = await cli('info', join(kaFixtures, 'v2-top.ka'), '--json');
    expect(code).toBe(0);
    const info = JSON.parse(out) as { version: string; root: KaJson };
    expect(info.version).toMatch(/v2/);
    // Keys are the table's strings, not ids.
    expect(Object.keys(info.root.value as object).every((key) => !/^\d+$/.test(key))).toBe(true);
  });

  it('a malformed archive is one error line with its offset, exit 1', async () => {
    for (const name of ['type-31.ka', 'pair-count.ka', 'truncated.ka']) {
      const { code, errLines } = await cli('info', join(kaFixtures, 'should-fail', name));
      expect(code, name).toBe(1);
      expect(errLines, name).toHaveLength(1);
      expect(errLines[0], name).toMatch(/at 0x[0-9A-F]+/);
    }
  });
});

describe('.dvpl wrappers', () => {
  const inner = new Uint8Array(readFileSync(join(real, 'oldTest.dat')));

  it('info --json gives the footer and the inner file’s own info', async () => {
    for (const type of [0, 1, 2, 3] as const) {
      const path = join(work, `oldTest-${type}.dat.dvpl`);
      writeFileSync(path, writeDvpl(inner, { type }));
      const { code, out, errLines } = await cli('info', path, '--json');
      expect(code, `type ${type}`).toBe(0);
      expect(errLines).toEqual([]);
      const info = JSON.parse(out) as Record<string, unknown>;
      expect(info['format']).toBe('dvpl');
      expect(JSON.stringify(info)).toContain('"uncompressedSize":282');
      // The wrapped archive is described as the KA it is.
      expect(JSON.stringify(info)).toContain('"format":"ka"');
      expect(JSON.stringify(info)).toContain('float[3.5]:');
    }
  });

  it('cat writes the decoded file byte for byte', async () => {
    const path = join(work, 'cat.dat.dvpl');
    writeFileSync(path, writeDvpl(inner, { type: 2 }));
    const { code, bytes, errLines } = await cli('cat', path, 'cat.dat');
    expect(errLines).toEqual([]);
    expect(code).toBe(0);
    expect(bytes).toEqual(inner);
  });

  it('a wrapper whose CRC does not match is reported; a cut one fails with its offset', async () => {
    const bytes = writeDvpl(inner, { type: 1 });
    const cut = join(work, 'cut.dat.dvpl');
    writeFileSync(cut, bytes.subarray(0, bytes.length - 3));
    const { code, errLines } = await cli('info', cut);
    expect(code).toBe(1);
    expect(errLines).toHaveLength(1);
    expect(errLines[0]).toMatch(/at 0x[0-9A-F]+/);
  });
});

describe('texture descriptors', () => {
  it('tanksbox.tex is a texture descriptor, not a KeyedArchive', async () => {
    const { code, out } = await cli('info', join(real, 'tanksbox.tex'), '--json');
    expect(code).toBe(0);
    const info = JSON.parse(out) as { format: string; label: string };
    expect(info.format).toBe('dava-tex');
    expect(info.label).toMatch(/not a KeyedArchive/);
  });
});

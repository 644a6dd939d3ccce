/**
 * `delve grep` (search in contents) and `delve ls --csv`, on archives made by the project's
 * writer: a string in a compressed entry and in a stored one, UTF-16, a regular expression,
 * hex with wildcards, JSON lines, grep's exit codes; the CSV listing's columns and quoting.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeKiwad } from '../formats/kiwad/write.ts';
import { cliIn } from './testing/run-cli.ts';

const work = mkdtempSync(join(tmpdir(), 'delve-grep-'));
const cli = cliIn(work);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const encode = (text: string) => new TextEncoder().encode(text);

function utf16(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'utf16le'));
}

beforeAll(() => {
  const filler = encode('lorem ipsum '.repeat(5000));
  const big = new Uint8Array(filler.length * 2 + 20);
  big.set(filler);
  big.set(encode('deep MARKER here\n'), filler.length);
  big.set(filler, filler.length + 20);
  writeFileSync(
    join(work, 'a.wad'),
    writeKiwad([
      { name: 'text/readme.txt', data: encode('hello\nthe MARKER line\nbye\n') },
      { name: 'sound/stored.ogg', data: encode('OggS....MARKER,in a stored entry') },
      { name: 'big/packed.bin', data: big },
      { name: 'wide/names.bin', data: utf16('a wide MARKER too') },
      { name: 'sig/head.bin', data: new Uint8Array([0x4b, 0x49, 0x07, 0x44, 0x00]) },
      { name: 'x,"quoted".txt', data: encode('nothing to see') },
    ]),
  );
});

describe('delve grep', () => {
  it('finds a string in compressed and stored entries, path:offset: context', async () => {
    const { code, out } = await cli('grep', 'MARKER', 'a.wad');
    expect(code).toBe(0);
    expect(out.split('\n').filter(Boolean).sort()).toEqual(
      [
        'big/packed.bin:60005: ipsum lorem ipsum lorem ipsum lorem ipsum deep MARKER here',
        'sound/stored.ogg:8: OggS....MARKER,in a stored entry',
        'text/readme.txt:10: the MARKER line',
      ].sort(),
    );
  });

  it('finds UTF-16LE text with --utf16, and both encodings with --both', async () => {
    const wide = await cli('grep', 'MARKER', 'a.wad', '--utf16');
    expect(wide.code).toBe(0);
    expect(wide.out).toBe('wide/names.bin:14: a wide MARKER too\n');
    const both = await cli('grep', 'MARKER', 'a.wad', '--both');
    expect(both.out.split('\n').filter(Boolean)).toHaveLength(4);
  });

  it('prints one JSON object per line with --json', async () => {
    const { code, out } = await cli('grep', 'M.RK[A-Z]R\\b', 'a.wad', '--regex', '--json');
    expect(code).toBe(0);
    const hits = out
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { path: string; offset: number; length: number });
    expect(hits.map((hit) => [hit.path, hit.offset, hit.length]).sort()).toEqual(
      [
        ['big/packed.bin', 60005, 6],
        ['sound/stored.ogg', 8, 6],
        ['text/readme.txt', 10, 6],
      ].sort(),
    );
  });

  it('finds hex bytes with ?? wildcards', async () => {
    const { code, out } = await cli('grep', '4B 49 ?? 44', 'a.wad', '--hex', '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({
      path: 'sig/head.bin',
      offset: 0,
      length: 4,
      context: 'KI.D.',
    });
  });

  it('exits 1 when nothing is found and 2 on usage errors', async () => {
    const none = await cli('grep', 'NOT THERE', 'a.wad');
    expect(none).toMatchObject({ code: 1, out: '' });
    expect((await cli('grep', 'a(', 'a.wad', '--regex')).code).toBe(2);
    expect((await cli('grep', '4B 4', 'a.wad', '--hex')).code).toBe(2);
    expect((await cli('grep', 'x', 'a.wad', '--hex', '--regex')).code).toBe(2);
    expect((await cli('grep', 'x')).code).toBe(2);
    expect((await cli('grep', 'x', 'missing.wad')).code).toBe(1);
  });
});

describe('delve ls --csv', () => {
  it('prints the ls --json columns as CSV, quoted where needed', async () => {
    const json = await cli('ls', 'a.wad', '--json');
    const entries = JSON.parse(json.out) as Record<string, unknown>[];
    const { code, out } = await cli('ls', 'a.wad', '--csv');
    expect(code).toBe(0);
    const lines = out.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(Object.keys(entries[0]!).join(','));
    const quote = (value: unknown) => {
      const text = value === null ? '' : String(value);
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    };
    expect(lines.slice(1, -1)).toEqual(
      entries.map((entry) => Object.values(entry).map(quote).join(',')),
    );
    expect(out).toContain('"x,""quoted"".txt"');
  });

  it('refuses --json with --csv', async () => {
    expect((await cli('ls', 'a.wad', '--json', '--csv')).code).toBe(2);
  });
});

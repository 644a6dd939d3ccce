/**
 * The CLI through runCli (in process, collecting stdout/stderr) and two real spawns of
 * src/cli/main.ts. Real files come from ../shared/fixtures/kiwad (skipped when absent).
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { writeKiwad } from '../formats/kiwad/write.ts';
import { runCli } from './run.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = join(root, 'src/formats/kiwad/fixtures');
const realDir = join(root, '../shared/fixtures/kiwad');
const hasReal = existsSync(realDir);
const testWad = join(realDir, 'Test.wad');
const oobWad = join(realDir, 'oob.wad');
const work = mkdtempSync(join(tmpdir(), 'delve-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function collector(options: { failAfter?: number; slow?: boolean } = {}) {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    highWaterMark: options.slow ? 16 : 16 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      if (options.failAfter !== undefined && chunks.length >= options.failAfter) {
        callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
        return;
      }
      chunks.push(chunk);
      if (options.slow) setImmediate(callback);
      else callback();
    },
  });
  return {
    stream,
    bytes: () => new Uint8Array(Buffer.concat(chunks)),
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

async function cli(...argv: string[]) {
  const stdout = collector();
  const stderr = collector();
  const code = await runCli(argv, { stdout: stdout.stream, stderr: stderr.stream, cwd: work });
  const errLines = stderr.text().split('\n').filter(Boolean);
  return { code, out: stdout.text(), bytes: stdout.bytes(), errLines };
}

describe.skipIf(!hasReal)(
  `real files${hasReal ? '' : ' (skipped: ../shared/fixtures/kiwad not found)'}`,
  () => {
    it('ls --json lists Test.wad', async () => {
      const { code, out, errLines } = await cli('ls', testWad, '--json');
      expect(code).toBe(0);
      expect(errLines).toEqual([]);
      expect(JSON.parse(out)).toEqual([
        {
          path: 'subdir/subdir_text1.txt',
          offset: 158,
          size: 21,
          storedSize: 27,
          compressed: true,
          crc: 0xbb35af28,
        },
        {
          path: 'text1.txt',
          offset: 185,
          size: 14,
          storedSize: 20,
          compressed: true,
          crc: 0xcf4d7b4c,
        },
        {
          path: 'text2.txt',
          offset: 205,
          size: 14,
          storedSize: 20,
          compressed: true,
          crc: 0xde76b27d,
        },
        {
          path: 'uncompressed.mp3',
          offset: 225,
          size: 18,
          storedSize: 18,
          compressed: false,
          crc: 0x65a073d0,
        },
      ]);
    });

    it('verify --json reports every entry ok', async () => {
      const { code, out } = await cli('verify', testWad, '--json');
      expect(code).toBe(0);
      const report = JSON.parse(out);
      expect(report).toMatchObject({ ok: 4, mismatched: 0, unpatched: 0 });
      expect(report.entries.map((entry: { status: string }) => entry.status)).toEqual([
        'ok',
        'ok',
        'ok',
        'ok',
      ]);
    });

    it('cat writes the content bytes', async () => {
      expect((await cli('cat', testWad, 'text1.txt')).out).toBe('this is text1\n');
      expect((await cli('cat', testWad, 'uncompressed.mp3')).out).toBe('uncompressed data\n');
      const missing = await cli('cat', testWad, 'nope.txt');
      expect(missing.code).toBe(1);
      expect(missing.errLines).toHaveLength(1);
    });

    it('info --json gives the header facts', async () => {
      const { code, out } = await cli('info', testWad, '--json');
      expect(code).toBe(0);
      expect(JSON.parse(out)).toMatchObject({
        format: 'kiwad',
        version: 1,
        flags: null,
        entryCount: 4,
        size: 243,
      });
    });

    it.each(['info', 'ls', 'verify', 'extract'])(
      '%s oob.wad: exit 1 and one stderr line naming the offset',
      async (command) => {
        const { code, out, errLines } = await cli(command, oobWad);
        expect(code).toBe(1);
        expect(out).toBe('');
        expect(errLines).toHaveLength(1);
        expect(errLines[0]).toContain('0x');
      },
    );

    it('extract writes every entry of Test.wad', async () => {
      const { code } = await cli('extract', testWad, '-o', 'test-out');
      expect(code).toBe(0);
      expect(readFileSync(join(work, 'test-out/subdir/subdir_text1.txt'), 'utf8')).toBe(
        'this is subdir text1\n',
      );
    });
  },
);

describe('fixtures', () => {
  it.each(['overlapping', 'truncated-table', 'bad-magic', 'out-of-bounds', 'bad-count'])(
    'ls should-fail/%s.wad: exit 1, one stderr line with the offset',
    async (name) => {
      const { code, out, errLines } = await cli('ls', join(fixtures, `should-fail/${name}.wad`));
      expect(code).toBe(1);
      expect(out).toBe('');
      expect(errLines).toHaveLength(1);
      expect(errLines[0]).toMatch(/ at 0x[0-9A-F]+: /);
    },
  );

  it('verify exits 0 with unpatched entries and 1 with a mismatch', async () => {
    const unpatched = await cli('verify', join(fixtures, 'unpatched.wad'), '--json');
    expect(unpatched.code).toBe(0);
    expect(JSON.parse(unpatched.out)).toMatchObject({ ok: 1, mismatched: 0, unpatched: 1 });
    const bad = await cli('verify', join(fixtures, 'bad-crc.wad'), '--json');
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out)).toMatchObject({ ok: 3, mismatched: 1, unpatched: 0 });
  });

  it('cat of a "compressed" entry that is not zlib gives the raw bytes and a warning', async () => {
    const { code, out, errLines } = await cli('cat', join(fixtures, 'not-zlib.wad'), 'voice.mp3');
    expect(code).toBe(0);
    expect(out).toBe('ID3 falsely marked as zipped');
    expect(errLines).toHaveLength(1);
  });

  it('extract refuses entries that would escape the folder and writes the others', async () => {
    mkdirSync(join(work, 'jail'));
    const { code, errLines } = await cli(
      'extract',
      join(fixtures, 'unsafe-names.wad'),
      '-o',
      'jail/out',
    );
    expect(code).toBe(1);
    expect(errLines.filter((line) => line.includes('refused "'))).toHaveLength(3);
    expect(readFileSync(join(work, 'jail/out/dup.txt'), 'utf8')).toBe('5');
    expect(existsSync(join(work, 'jail/evil.txt'))).toBe(false);
    expect(existsSync('/abs.txt')).toBe(false);
  });

  it('extract refuses to write through a symlinked folder', async () => {
    const outside = join(work, 'outside');
    mkdirSync(outside);
    mkdirSync(join(work, 'linked'));
    symlinkSync(outside, join(work, 'linked/sub'));
    writeFileSync(
      join(work, 'linked.wad'),
      writeKiwad([
        { name: 'sub/file.txt', data: new Uint8Array(3) },
        { name: 'ok.txt', data: new Uint8Array(1) },
      ]),
    );
    const { code, errLines } = await cli('extract', 'linked.wad', '-o', 'linked');
    expect(code).toBe(1);
    expect(errLines.some((line) => line.includes('refused') && line.includes('symlink'))).toBe(
      true,
    );
    expect(existsSync(join(outside, 'file.txt'))).toBe(false);
    expect(existsSync(join(work, 'linked/ok.txt'))).toBe(true);
  });

  it('extract refuses to write through a symlinked file and replaces a plain one', async () => {
    const outside = join(work, 'outside-file.txt');
    writeFileSync(outside, 'keep');
    mkdirSync(join(work, 'again'));
    symlinkSync(outside, join(work, 'again/linked.txt'));
    writeFileSync(join(work, 'again/plain.txt'), 'old contents');
    writeFileSync(
      join(work, 'again.wad'),
      writeKiwad([
        { name: 'linked.txt', data: new Uint8Array([1, 2, 3]) },
        { name: 'plain.txt', data: new Uint8Array([4, 5]) },
        { name: 'new/fresh.txt', data: new Uint8Array([6]) },
      ]),
    );
    const { code, errLines } = await cli('extract', 'again.wad', '-o', 'again');
    expect(code).toBe(1);
    expect(errLines).toEqual(
      expect.arrayContaining([expect.stringMatching(/refused "linked\.txt": target is a symlink/)]),
    );
    expect(readFileSync(outside, 'utf8')).toBe('keep');
    expect([...readFileSync(join(work, 'again/plain.txt'))]).toEqual([4, 5]);
    expect([...readFileSync(join(work, 'again/new/fresh.txt'))]).toEqual([6]);
  });

  it('extract writes every entry of a many-folder archive byte for byte', async () => {
    const entries = Array.from({ length: 300 }, (_, i) => ({
      name: `folder${i % 7}/sub${i % 3}/file${i}.bin`,
      data: new Uint8Array(1 + (i % 50)).fill(i & 0xff),
    }));
    writeFileSync(join(work, 'many.wad'), writeKiwad(entries));
    const { code, out } = await cli('extract', 'many.wad', '-o', 'many');
    expect(code).toBe(0);
    expect(out).toContain('extracted 300 of 300 entries');
    for (const { name, data } of entries) {
      expect(readFileSync(join(work, 'many', name))).toEqual(Buffer.from(data));
    }
  });

  it('info on an unknown file gives format raw, size and digests', async () => {
    writeFileSync(join(work, 'plain.txt'), '123456789');
    const { code, out } = await cli('info', 'plain.txt', '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({
      format: 'raw',
      size: 9,
      digests: { crc32: 0xcbf43926, kiCrc: 0x2dfd2d88 },
    });
    const ls = await cli('ls', 'plain.txt');
    expect(ls.code).toBe(1);
    expect(ls.errLines).toEqual([expect.stringContaining('at 0x0')]);
  });
});

describe('pack', () => {
  it('packs a folder that ls and cat read back', async () => {
    const folder = join(work, 'to-pack');
    mkdirSync(join(folder, 'Data/GameData'), { recursive: true });
    writeFileSync(join(folder, 'Data/GameData/a.xml'), '<a/>');
    writeFileSync(join(folder, 'theme.ogg'), 'OggS');
    writeFileSync(join(folder, 'B.txt'), 'bee');
    const packed = await cli(
      'pack',
      'to-pack',
      '-o',
      'packed.wad',
      '--wad-version',
      '2',
      '--flags',
      '1',
    );
    expect(packed.code).toBe(0);
    const listing = JSON.parse((await cli('ls', 'packed.wad', '--json')).out) as {
      path: string;
      compressed: boolean;
    }[];
    expect(listing.map((entry) => [entry.path, entry.compressed])).toEqual([
      ['B.txt', true],
      ['Data/GameData/a.xml', true],
      ['theme.ogg', false],
    ]);
    expect((await cli('cat', 'packed.wad', 'Data/GameData/a.xml')).out).toBe('<a/>');
    expect(JSON.parse((await cli('info', 'packed.wad', '--json')).out)).toMatchObject({
      version: 2,
      flags: 1,
    });
    expect((await cli('verify', 'packed.wad')).code).toBe(0);
  });

  it('rejects bad options as usage errors (exit 2)', async () => {
    expect((await cli('pack', 'to-pack')).code).toBe(2);
    expect((await cli('pack', 'to-pack', '-o', 'x.wad', '--flags', '1')).code).toBe(2);
    expect((await cli('pack', 'to-pack', '-o', 'x.wad', '--wad-version', '3')).code).toBe(2);
  });
});

describe('usage and output', () => {
  it('prints help and rejects unknown commands and options', async () => {
    const help = await cli('--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('extract FILE [-o DIR]');
    expect((await cli('frobnicate')).code).toBe(2);
    const unknown = await cli('ls', 'x.wad', '--bogus');
    expect(unknown.code).toBe(2);
    expect(unknown.errLines).toHaveLength(1);
  });

  const many = writeKiwad(
    Array.from({ length: 5000 }, (_, index) => ({
      name: `f${index}.mp3`,
      data: new Uint8Array(0),
    })),
  );

  it('waits for a slow reader (backpressure) and loses nothing', async () => {
    writeFileSync(join(work, 'many.wad'), many);
    const stdout = collector({ slow: true });
    const stderr = collector();
    const code = await runCli(['ls', 'many.wad', '--json'], {
      stdout: stdout.stream,
      stderr: stderr.stream,
      cwd: work,
    });
    expect(code).toBe(0);
    expect(JSON.parse(stdout.text())).toHaveLength(5000);
  });

  it('stops quietly when the reader goes away (EPIPE)', async () => {
    writeFileSync(join(work, 'many.wad'), many);
    const stdout = collector({ failAfter: 1 });
    const stderr = collector();
    const code = await runCli(['ls', 'many.wad'], {
      stdout: stdout.stream,
      stderr: stderr.stream,
      cwd: work,
    });
    expect(code).toBe(0);
    expect(stderr.text()).toBe('');
  });
});

describe.skipIf(!hasReal)('spawned process', () => {
  const tsx = join(root, 'node_modules/.bin/tsx');
  const run = (...args: string[]) =>
    spawnSync(tsx, ['src/cli/main.ts', ...args], { cwd: root, encoding: 'utf8' });

  it('ls --json prints the entries', () => {
    const result = run('ls', testWad, '--json');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveLength(4);
  });

  it('oob.wad: exit 1, exactly one stderr line with the offset, no stack trace', () => {
    const result = run('verify', oobWad);
    expect(result.status).toBe(1);
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/oob\.wad: out of bounds at 0x[0-9A-F]+: /);
  });
});

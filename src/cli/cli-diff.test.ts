/**
 * `delve diff`: archives written by the formats' writers into a temp dir, compared; the JSON
 * shape, the text lines, exit codes 0 (same), 1 (different) and 2 (trouble), and game
 * folders compared build against build, and two streamed builds of a pair with their known
 * differences.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeKiwad } from '../formats/kiwad/write.ts';
import { makeWowsGameFolder, writeWowsBuild } from '../formats/wows/game-folder.ts';
import { textValue, v1Archive, writeKa } from '../formats/ka/write.ts';
import { cliIn } from './testing/run-cli.ts';

const work = mkdtempSync(join(tmpdir(), 'delve-cli-diff-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const cli = cliIn(work);
const text = (value: string) => new TextEncoder().encode(value);

function write(path: string, bytes: Uint8Array): void {
  const target = join(work, ...path.split('/'));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, bytes);
}

const archive = (files: Record<string, string>) =>
  writeKiwad(Object.entries(files).map(([name, data]) => ({ name, data: text(data) })));

write('old.wad', archive({ 'a/same.txt': 'same', 'a/gone.txt': 'gone', 'b/edit.xml': '<a>1</a>' }));
write('new.wad', archive({ 'a/same.txt': 'same', 'b/edit.xml': '<a>22</a>', 'c/new.txt': 'new' }));
write('old.ka', writeKa(v1Archive([['title', textValue('old')]])));

describe('delve diff', () => {
  it('prints counts and the changed entries as JSON, null where a side lacks them; exit 1', async () => {
    const { code, out } = await cli('diff', 'old.wad', 'new.wad', '--json');
    expect(code).toBe(1);
    const report = JSON.parse(out) as Record<string, unknown> & { entries: unknown[] };
    expect(report).toMatchObject({ added: 1, removed: 1, changed: 1, unchanged: 1 });
    expect(report.entries).toEqual([
      {
        path: 'a/gone.txt',
        status: 'removed',
        oldSize: 4,
        newSize: null,
        oldCrc: expect.any(Number),
        newCrc: null,
      },
      {
        path: 'b/edit.xml',
        status: 'changed',
        oldSize: 8,
        newSize: 9,
        oldCrc: expect.any(Number),
        newCrc: expect.any(Number),
      },
      {
        path: 'c/new.txt',
        status: 'added',
        oldSize: null,
        newSize: 3,
        oldCrc: null,
        newCrc: expect.any(Number),
      },
    ]);
  });

  it('lists unchanged entries only with --all', async () => {
    const { out } = await cli('diff', 'old.wad', 'new.wad', '--json', '--all');
    const report = JSON.parse(out) as { entries: { path: string; status: string }[] };
    expect(report.entries.map((entry) => entry.status)).toEqual([
      'removed',
      'unchanged',
      'changed',
      'added',
    ]);
  });

  it('prints one marked line per change and a summary line in text', async () => {
    const { code, out } = await cli('diff', 'old.wad', 'new.wad');
    expect(code).toBe(1);
    expect(out.split('\n').filter(Boolean)).toEqual([
      '- a/gone.txt',
      '~ b/edit.xml  (8 -> 9 bytes)',
      '+ c/new.txt',
      'old.wad -> new.wad: 1 added, 1 removed, 1 changed, 1 unchanged',
    ]);
  });

  it('exits 0 when the files are the same', async () => {
    const { code, out } = await cli('diff', 'old.wad', 'old.wad', '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({
      added: 0,
      removed: 0,
      changed: 0,
      unchanged: 3,
      entries: [],
    });
  });

  it('exits 2 on usage errors and on files it cannot read', async () => {
    expect((await cli('diff', 'old.wad')).code).toBe(2);
    expect((await cli('diff', 'old.wad', 'new.wad', '--bogus')).code).toBe(2);
    const missing = await cli('diff', 'old.wad', 'nope.wad');
    expect(missing.code).toBe(2);
    expect(missing.errLines[0]).toContain('nope.wad');
    const mixed = await cli('diff', 'old.wad', 'old.ka');
    expect(mixed.code).toBe(2);
  });
});

describe('delve diff of game folders', () => {
  const current = 7012345;
  const older = current - 1000;
  for (const { path, bytes } of makeWowsGameFolder({ build: current, olderBuild: older })) {
    write(`Game/${path}`, bytes);
  }

  it('compares the newest builds of two folders: the same install is the same', async () => {
    const { code, out } = await cli('diff', 'Game', 'Game', '--json');
    expect(code).toBe(0);
    const report = JSON.parse(out) as { unchanged: number };
    expect(report.unchanged).toBeGreaterThan(0);
  });

  it('compares build N against build M with --build given twice', async () => {
    const { code, out } = await cli(
      'diff',
      'Game',
      'Game',
      '--build',
      String(older),
      '--build',
      String(current),
      '--json',
    );
    expect(code).toBe(1);
    const report = JSON.parse(out) as {
      added: number;
      entries: { path: string; status: string }[];
    };
    expect(report.added).toBeGreaterThan(0);
    expect(report.entries).toContainEqual(
      expect.objectContaining({ path: 'content/gameplay/common/ocean.xml', status: 'added' }),
    );
  });

  it('names the builds there are when --build names none of them', async () => {
    const { code, errLines } = await cli('diff', 'Game', 'Game', '--build', '123');
    expect(code).toBe(2);
    expect(errLines[0]).toContain(String(current));
  });
});

describe('delve diff of a generated pair of builds', () => {
  /** Both builds of a pair, as the compare bench writes them: `First` and `Next`. */
  async function writePair() {
    const options = { indexCount: 3, nodesPerIndex: 700, pkgBytes: 200_000, chunkSize: 16_384 };
    const sink = (root: string) => (path: string, chunk: Uint8Array) => {
      const target = join(work, root, ...path.split('/'));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, chunk, { flag: 'a' });
    };
    const first = await writeWowsBuild(options, sink('First'));
    const next = await writeWowsBuild({ ...options, nextBuild: true }, sink('Next'));
    return { first, next };
  }

  it('finds exactly the files the next build removed, renamed and changed', async () => {
    const { first, next } = await writePair();
    expect(first.changes).toEqual({ added: 0, removed: 0, changed: 0 });
    expect(next.changes.added).toBeGreaterThan(0);
    expect(next.changes.changed).toBeGreaterThan(0);
    expect(next.changes.removed).toBeGreaterThan(next.changes.added);
    expect(next.fileCount).toBe(first.fileCount - next.changes.removed + next.changes.added);

    const { code, out } = await cli('diff', 'First', 'Next', '--json');
    expect(code).toBe(1);
    const report = JSON.parse(out) as {
      added: number;
      removed: number;
      changed: number;
      unchanged: number;
      entries: { path: string; status: string }[];
    };
    expect(report).toMatchObject({
      ...next.changes,
      unchanged: first.fileCount - next.changes.removed - next.changes.changed,
    });
    const added = report.entries.filter((entry) => entry.status === 'added');
    expect(added.every((entry) => /\/renamed_texture_\d+\.dds$/.test(entry.path))).toBe(true);
    expect((await cli('diff', 'First', 'First', '--json')).code).toBe(0);
  });
});

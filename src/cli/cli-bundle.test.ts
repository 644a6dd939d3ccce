/**
 * The built CLI (scripts/build-cli.mjs: one JavaScript file, package.json's `delve`), run
 * as users run it: a Node process. Built here into a temporary folder from the current
 * sources, so the test never runs a stale bundle. Help, several files in one process, and
 * a game folder opened as the app opens a dropped one.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWowsGameFolder, wowsGameFolderIndexes } from '../formats/wows/game-folder.ts';
import { loadCliFormats } from './format-cli.ts';
import { helpText } from './run.ts';
import { cliIn } from './testing/run-cli.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'delve-cli-bundle-'));
const bundle = join(work, 'delve.cjs');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const BUILD = 7012345;
for (const { path, bytes } of makeWowsGameFolder({ build: BUILD })) {
  const target = join(work, 'WoWs', ...path.split('/'));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, bytes);
}
const idxOf = (name: string) => `WoWs/bin/${BUILD}/idx/${name}.idx`;

/** Runs the bundle in `work`: its exit code, output and error lines. */
function delve(...argv: string[]) {
  const run = spawnSync(process.execPath, [bundle, ...argv], { cwd: work, encoding: 'utf8' });
  return {
    code: run.status,
    out: run.stdout,
    errLines: run.stderr.split('\n').filter(Boolean),
  };
}

interface Listed {
  path: string;
  size: number;
}

beforeAll(() => {
  execFileSync(process.execPath, [join(root, 'scripts/build-cli.mjs'), bundle]);
}, 120_000);

describe('the built CLI', () => {
  it('prints the help the sources make, from the registry, and exits 0', async () => {
    const { code, out } = delve('--help');
    expect(code).toBe(0);
    expect(out).toBe(`${helpText(await loadCliFormats())}\n`);
    expect(out).toContain('delve ls FILE... [--json|--csv|--paths]');
    // The built file answers these before it compiles the commands: the same text.
    for (const word of ['-h', 'help']) expect(delve(word)).toMatchObject({ code: 0, out });
  });

  it('lists several files in one process: each as it lists alone', async () => {
    const files = [idxOf('system_data'), idxOf('spaces_ocean')];
    const { code, out } = delve('ls', ...files, '--json');
    expect(code).toBe(0);
    const listed = JSON.parse(out) as { file: string; result: Listed[] }[];
    expect(listed.map((part) => part.file)).toEqual(files);
    const alone = cliIn(work);
    for (const [at, file] of files.entries()) {
      expect(listed[at]!.result).toEqual(JSON.parse((await alone('ls', file, '--json')).out));
    }
    const text = delve('ls', ...files);
    expect(text.out.split('\n').filter((line) => line.endsWith('.idx:'))).toEqual(
      files.map((file) => `${file}:`),
    );
  });

  it('a file that fails is one line and an error element; the others still list (exit 1)', () => {
    const { code, out, errLines } = delve('ls', 'missing.idx', idxOf('spaces_ocean'), '--json');
    expect(code).toBe(1);
    expect(errLines).toEqual(['missing.idx: cannot open: no such file or directory']);
    const listed = JSON.parse(out) as { file: string; result: Listed[] | null; error?: string }[];
    expect(listed[0]).toMatchObject({ file: 'missing.idx', result: null });
    expect(listed[1]!.result!.length).toBeGreaterThan(0);
  });

  it('lists a game folder as the app opens it: every index of the newest build, merged', () => {
    const { code, out } = delve('ls', 'WoWs', '--json');
    expect(code).toBe(0);
    const listed = (JSON.parse(out) as Listed[]).map(({ path }) => path);
    const expected = wowsGameFolderIndexes().flatMap(({ files }) => files.map(({ path }) => path));
    expect(listed.sort()).toEqual(expected.sort());
  });

  it('lists a game folder’s full paths alone, the same as its JSON listing’s', () => {
    const { code, out } = delve('ls', 'WoWs', '--paths');
    expect(code).toBe(0);
    const json = JSON.parse(delve('ls', 'WoWs', '--json').out) as Listed[];
    expect(out).toBe(json.map(({ path }) => `${path}\n`).join(''));
  });

  it('a folder no format opens is one line, exit 1', () => {
    mkdirSync(join(work, 'empty-folder'), { recursive: true });
    writeFileSync(join(work, 'empty-folder', 'notes.txt'), 'nothing to see');
    const { code, out, errLines } = delve('ls', 'empty-folder');
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(errLines).toEqual([expect.stringMatching(/^empty-folder: is a folder no format opens/)]);
  });
});

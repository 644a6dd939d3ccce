/**
 * Tests read the real fixtures in place from `../shared` beside the repository. A relative
 * URL with one `../` too many still finds them on a machine that happens to have a `shared`
 * folder one level higher, and fails everywhere else: every such URL in the sources must
 * resolve to the repository's sibling `shared` folder.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const shared = resolve(root, '../shared');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** `new URL('../…/shared/…', import.meta.url)` in a file: the relative part of each. */
const sharedUrls = (text: string) =>
  [...text.matchAll(/new URL\(\s*['`]((?:\.\.\/)+shared\/[^'`$]*)/g)].map(
    (match) => match[1] ?? '',
  );

describe('paths to ../shared', () => {
  const files = ['src', 'bench', 'e2e', 'scripts'].flatMap((dir) => {
    try {
      return sources(join(root, dir));
    } catch {
      return [];
    }
  });
  const found = files.flatMap((file) =>
    sharedUrls(readFileSync(file, 'utf8')).map((url) => ({ file, url })),
  );

  it('finds the URLs it checks', () => {
    expect(found.length).toBeGreaterThan(5);
  });

  it('resolve to the shared folder beside the repository', () => {
    const wrong = found
      .filter(({ file, url }) => !resolve(dirname(file), url).startsWith(shared + '/'))
      .map(({ file, url }) => `${relative(root, file)}: ${url}`);
    expect(wrong).toEqual([]);
  });
});

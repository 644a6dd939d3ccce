import { describe, expect, it } from 'vitest';
import { safeRelativePath, uniquePaths } from './safe-path.ts';

describe('safeRelativePath', () => {
  it.each([
    ['a/b/c.txt', 'a/b/c.txt'],
    ['../../etc/passwd', 'etc/passwd'],
    ['/abs/file', 'abs/file'],
    ['C:/Windows/x.dll', 'Windows/x.dll'],
    ['a\\..\\b', 'a/b'],
    ['dir/con.txt', 'dir/_con.txt'],
    ['bad\u0001name?.txt', 'bad_name_.txt'],
    ['trailing. ', 'trailing__'],
    ['..', 'unnamed'],
  ])('%j becomes %j', (input, expected) => {
    expect(safeRelativePath(input)).toBe(expected);
  });
});

describe('uniquePaths', () => {
  it('numbers repeats case-insensitively, before the extension', () => {
    expect(uniquePaths(['a/x.txt', 'a/X.txt', 'a/x.txt', 'b'])).toEqual([
      'a/x.txt',
      'a/X (2).txt',
      'a/x (3).txt',
      'b',
    ]);
  });
});

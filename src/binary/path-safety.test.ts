import { describe, expect, it } from 'vitest';
import {
  isSafeRelativePath,
  pathProblem,
  safeFileName,
  safeRelativePath,
  uniquePaths,
} from './path-safety.ts';

describe('safeRelativePath', () => {
  it.each([
    ['a/b/c.txt', 'a/b/c.txt'],
    ['../../etc/passwd', 'etc/passwd'],
    ['/abs/file', 'abs/file'],
    ['C:/Windows/x.dll', 'Windows/x.dll'],
    ['a\\..\\b', 'a/b'],
    ['dir/con.txt', 'dir/_con.txt'],
    ['bad\u0001name?.txt', 'bad_name_.txt'],
    ['trailing. ', 'trailing'],
    ['a/./b/.../c', 'a/b/c'],
    ['ctl\u0085c1', 'ctl_c1'],
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

describe('safeFileName', () => {
  it('keeps the last path segment only, made safe', () => {
    expect(safeFileName('Textures/Sky/day.dds')).toBe('day.dds');
    expect(safeFileName('..\\..\\windows\\evil.bat')).toBe('evil.bat');
    expect(safeFileName('a\u0000b\u001fc\u007f:*?"<>|.txt')).toBe('a_b_c________.txt');
  });

  it('renames reserved device names and drops trailing dots and spaces', () => {
    expect(safeFileName('dir/CON')).toBe('_CON');
    expect(safeFileName('nul.txt')).toBe('_nul.txt');
    expect(safeFileName('com1.log')).toBe('_com1.log');
    expect(safeFileName('console.txt')).toBe('console.txt');
    expect(safeFileName('notes.txt. . ')).toBe('notes.txt');
  });

  it('falls back when nothing usable is left', () => {
    expect(safeFileName('')).toBe('download');
    expect(safeFileName('Textures/')).toBe('download');
    expect(safeFileName('..')).toBe('download');
    expect(safeFileName('. .', 'x')).toBe('x');
  });
});

describe('pathProblem', () => {
  it.each(['Data/GameData/a.xml', 'a.txt', 'ünïcode/名前.txt', '...hidden/a', 'a..b/c'])(
    'accepts %j',
    (path) => {
      expect(isSafeRelativePath(path)).toBe(true);
    },
  );

  it.each([
    ['', 'unsafe'],
    ['../a', 'unsafe'],
    ['a/../../b', 'unsafe'],
    ['a/./b', 'unsafe'],
    ['a//b', 'unsafe'],
    ['a/', 'unsafe'],
    ['/etc/passwd', 'unsafe'],
    ['C:/Windows', 'unsafe'],
    ['c:evil', 'unsafe'],
    ['//server/share', 'unsafe'],
    ['\\\\server\\share', 'unsafe'],
    ['a\\..\\b', 'unsafe'],
    ['a\u0000b', 'unsafe'],
    ['line\nbreak', 'unsafe'],
    ['dir\\file.txt', 'backslash'],
  ])('flags %j as %s', (path, kind) => {
    expect(pathProblem(path)?.kind).toBe(kind);
  });
});

import { describe, expect, it } from 'vitest';
import { isSafeRelativePath, pathProblem } from './path-safety.ts';

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

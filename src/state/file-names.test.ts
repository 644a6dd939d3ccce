import { describe, expect, it } from 'vitest';
import { sanitizeFileName, selectionZipNameFor, zipNameFor } from './file-names.ts';

describe('sanitizeFileName', () => {
  it('keeps the last path segment only', () => {
    expect(sanitizeFileName('Textures/Sky/day.dds')).toBe('day.dds');
    expect(sanitizeFileName('..\\..\\windows\\evil.bat')).toBe('evil.bat');
  });

  it('strips control characters and characters file systems forbid', () => {
    expect(sanitizeFileName('a\u0000b\u001fc\u007f:*?"<>|.txt')).toBe('a_b_c________.txt');
  });

  it('renames reserved device names and drops trailing dots and spaces', () => {
    expect(sanitizeFileName('dir/CON')).toBe('_CON');
    expect(sanitizeFileName('nul.txt')).toBe('_nul.txt');
    expect(sanitizeFileName('com1.log')).toBe('_com1.log');
    expect(sanitizeFileName('console.txt')).toBe('console.txt');
    expect(sanitizeFileName('notes.txt. . ')).toBe('notes.txt');
  });

  it('falls back when nothing usable is left', () => {
    expect(sanitizeFileName('')).toBe('download');
    expect(sanitizeFileName('Textures/')).toBe('download');
    expect(sanitizeFileName('..')).toBe('download');
    expect(sanitizeFileName(' . ', 'x')).toBe('x');
  });
});

describe('zipNameFor', () => {
  it('replaces the extension', () => {
    expect(zipNameFor('Root.wad')).toBe('Root.zip');
    expect(zipNameFor('Textures')).toBe('Textures.zip');
    expect(zipNameFor('.hidden')).toBe('.hidden.zip');
  });

  it('names the .zip of a multi-selection after its file', () => {
    expect(selectionZipNameFor('Root.wad')).toBe('Root-selection.zip');
  });
});

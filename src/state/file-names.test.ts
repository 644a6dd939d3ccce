import { describe, expect, it } from 'vitest';
import { selectionZipNameFor, zipNameFor } from './file-names.ts';

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

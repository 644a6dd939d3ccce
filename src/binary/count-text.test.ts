import { describe, expect, it } from 'vitest';
import { countOf, countText } from './count-text.ts';

describe('count text', () => {
  it('separates thousands and makes the noun agree', () => {
    expect(countText(1234567)).toBe('1,234,567');
    expect(countOf(1, 'folder')).toBe('1 folder');
    expect(countOf(0, 'folder')).toBe('0 folders');
    expect(countOf(1, 'top-level entity', 'top-level entities')).toBe('1 top-level entity');
    expect(countOf(12_345, 'entity', 'entities')).toBe('12,345 entities');
  });
});

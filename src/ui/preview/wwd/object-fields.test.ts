import { describe, expect, it } from 'vitest';
import { objectMatches, objectTitle } from './object-fields.ts';
import { objectOf } from './testing/levels.ts';

const rat = await objectOf({
  id: 179,
  logic: 'Rat',
  imageSet: 'LEVEL_RAT',
  x: 5377,
  y: 4374,
  drawFlags: 0x2,
  hitTypeFlags: 0xffffffff,
  objectType: 0x300,
  addFlags: 0x41,
});

describe('object fields', () => {
  it('titles an object by logic, then name, then id', async () => {
    expect(objectTitle(rat)).toBe('Rat');
    expect(objectTitle(await objectOf({ name: 'Boss' }))).toBe('Boss');
    expect(objectTitle(await objectOf({ id: 5 }))).toBe('object 5');
  });

  it('filters by logic, name, image set and id', () => {
    expect(objectMatches(rat, '')).toBe(true);
    expect(objectMatches(rat, 'rAt')).toBe(true);
    expect(objectMatches(rat, 'level_')).toBe(true);
    expect(objectMatches(rat, '179')).toBe(true);
    expect(objectMatches(rat, '#179')).toBe(true);
    expect(objectMatches(rat, '#17')).toBe(false);
    expect(objectMatches(rat, 'elevator')).toBe(false);
  });
});

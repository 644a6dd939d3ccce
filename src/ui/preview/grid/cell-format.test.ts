/**
 * How grid cells show: text as it is, whole numbers grouped, others exact, 64-bit integers
 * with their hex on hover, sizes in human units with the exact bytes on hover, checksums in
 * hex and decimal; a missing value is said so on hover.
 */
import { describe, expect, it } from 'vitest';
import type { GridColumn } from '../../../formats/model.ts';
import { cellText, columnWidth, numberText } from './cell-format.ts';

const column = (kind: GridColumn['kind'], label = 'V', type = 'UINT'): GridColumn => ({
  label,
  kind,
  type,
});

describe('cellText', () => {
  it('text as it is, with the whole text on hover', () => {
    expect(cellText('Bin/a b.exe', column('text'), 'plain')).toEqual({
      text: 'Bin/a b.exe',
      title: 'Bin/a b.exe',
      isNumeric: false,
    });
  });

  it('whole numbers grouped, other numbers exact, right-aligned', () => {
    expect(cellText(1234567, column('number'), 'plain')).toMatchObject({
      text: '1,234,567',
      title: '1234567',
      isNumeric: true,
    });
    expect(cellText(Math.PI, column('number'), 'plain').text).toBe(String(Math.PI));
    expect(cellText(-0.5, column('number'), 'plain').text).toBe('-0.5');
    expect(cellText(Number.NaN, column('number'), 'plain').text).toBe('NaN');
    expect(numberText(-2_147_483_648)).toBe('-2,147,483,648');
  });

  it('a 64-bit integer as its exact decimal, its hex on hover', () => {
    expect(cellText('18446744073709551615', column('integer64'), 'plain')).toEqual({
      text: '18446744073709551615',
      title: '0xFFFFFFFFFFFFFFFF',
      isNumeric: true,
    });
    expect(cellText('-2', column('integer64'), 'plain').title).toBe('0xFFFFFFFFFFFFFFFE');
  });

  it('a size in human units, the exact bytes on hover', () => {
    expect(cellText(1_572_864, column('number'), 'size')).toEqual({
      text: '1.50 MiB',
      title: '1,572,864 bytes',
      isNumeric: true,
    });
    expect(cellText(1, column('number'), 'size')).toMatchObject({ text: '1 B', title: '1 byte' });
    // Not a size after all: shown as the number it is.
    expect(cellText(-1, column('number'), 'size').text).toBe('-1');
  });

  it('a checksum in hex and decimal', () => {
    expect(cellText(0xdeadbeef, column('number'), 'checksum')).toEqual({
      text: '0xDEADBEEF',
      aside: '3735928559',
      title: '0xDEADBEEF = 3735928559',
      isNumeric: true,
    });
    expect(cellText(0, column('number'), 'checksum')).toMatchObject({
      text: '0x00000000',
      aside: '0',
    });
    expect(cellText(2 ** 32, column('number'), 'checksum').text).toBe('4,294,967,296');
  });

  it('no value: empty, and said so on hover', () => {
    expect(cellText(null, column('number'), 'size')).toEqual({
      text: '',
      title: 'no value',
      isNumeric: false,
    });
  });
});

describe('columnWidth', () => {
  it('gives text the most room and sizes the least', () => {
    const text = columnWidth(column('text'), 'plain');
    expect(text).toBeGreaterThan(columnWidth(column('integer64'), 'plain'));
    expect(columnWidth(column('number'), 'checksum')).toBeGreaterThan(
      columnWidth(column('number'), 'size'),
    );
  });

  it('widens a column for its header, up to a limit', () => {
    const short = columnWidth(column('number', 'Size'), 'size');
    const long = columnWidth(column('number', 'CompressedHeaderSize'), 'size');
    expect(long).toBeGreaterThan(short);
    expect(columnWidth(column('number', 'X'.repeat(80)), 'size')).toBe(
      columnWidth(column('number', 'Y'.repeat(40)), 'size'),
    );
  });
});

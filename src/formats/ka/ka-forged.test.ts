/**
 * Forged fields: a valid archive from our writer with one field patched, and the error
 * code and offset the reader gives (never the message).
 */
import { describe, expect, it } from 'vitest';
import { nestedArchive, v2TopArchive, V2_IDS } from './fixtures/make-fixtures.ts';
import { parseKa } from './read.ts';
import { KaType, type KaArchive } from './types.ts';
import { archiveValue, arrayValue, intValue, textValue, v1Archive, writeKa } from './write.ts';

function patch(bytes: Uint8Array, change: (view: DataView) => void): Uint8Array {
  const copy = bytes.slice();
  change(new DataView(copy.buffer));
  return copy;
}

const fatalOf = (bytes: Uint8Array) => {
  const { fatal } = parseKa(bytes);
  return fatal && { code: fatal.code, offset: fatal.offset };
};

// 4B 41 01 00 | count @4 | key: 04 @8, length @9, 'k' @13 | value type @14, body @15
const withValue = (value: Parameters<typeof v1Archive>[0][number][1]) =>
  writeKa(v1Archive([['k', value]]));

describe('forged v1 fields', () => {
  it('a pair count past the bytes: BAD_COUNT at the count', () => {
    const bytes = patch(withValue(intValue(KaType.INT32, 1)), (view) => view.setUint32(4, 3, true));
    expect(fatalOf(bytes)).toEqual({ code: 'BAD_COUNT', offset: 4 });
  });

  it('a key that is not a string: BAD_VALUE at its type byte', () => {
    const bytes = patch(withValue(intValue(KaType.INT32, 1)), (view) => view.setUint8(8, 2));
    expect(fatalOf(bytes)).toEqual({ code: 'BAD_VALUE', offset: 8 });
  });

  it('a key length past the end: OUT_OF_BOUNDS at the length', () => {
    const bytes = patch(withValue(intValue(KaType.INT32, 1)), (view) =>
      view.setUint32(9, 0xffffffff, true),
    );
    expect(fatalOf(bytes)).toEqual({ code: 'OUT_OF_BOUNDS', offset: 9 });
  });

  it('an unknown type: BAD_VALUE at the type byte', () => {
    const bytes = patch(withValue(intValue(KaType.INT32, 1)), (view) => view.setUint8(14, 31));
    expect(fatalOf(bytes)).toEqual({ code: 'BAD_VALUE', offset: 14 });
  });

  it('a byte array length past the end: OUT_OF_BOUNDS at the length', () => {
    const bytes = patch(withValue({ kind: 'bytes', type: 6, bytes: Uint8Array.of(1, 2) }), (view) =>
      view.setUint32(15, 3, true),
    );
    expect(fatalOf(bytes)).toEqual({ code: 'OUT_OF_BOUNDS', offset: 15 });
  });

  it('an array count past the bytes: BAD_COUNT at the count', () => {
    const bytes = patch(withValue(arrayValue([intValue(KaType.UINT8, 1)])), (view) =>
      view.setUint32(15, 3, true),
    );
    expect(fatalOf(bytes)).toEqual({ code: 'BAD_COUNT', offset: 15 });
  });
});

describe('forged nested archives', () => {
  const inner = v1Archive([['s', textValue('abc')]]);
  // The nested archive starts at 19, after the u32 length at 15.
  const bytes = withValue(archiveValue(inner));

  it('a length past the outer archive: OUT_OF_BOUNDS at the length', () => {
    expect(fatalOf(patch(bytes, (view) => view.setUint32(15, 1000, true)))).toEqual({
      code: 'OUT_OF_BOUNDS',
      offset: 15,
    });
  });

  it('a length shorter than the archive: the nested read stops at its bound', () => {
    // Two bytes short: the string `abc` no longer fits. Its length is at 19 + 15: after the
    // nested header and count (8), the key `s` (6) and the value's type byte.
    const outer = writeKa(
      v1Archive([
        ['k', archiveValue(inner)],
        ['z', intValue(KaType.UINT8, 0)],
      ]),
    );
    const short = patch(outer, (view) => view.setUint32(15, view.getUint32(15, true) - 2, true));
    expect(fatalOf(short)).toEqual({ code: 'OUT_OF_BOUNDS', offset: 19 + 15 });
  });

  it('a length longer than the archive: TRAILING_BYTES, kept and written back', () => {
    const padded: KaArchive = { ...inner, trailing: Uint8Array.of(0, 0) };
    const file = withValue(archiveValue(padded));
    const { fatal, issues, value } = parseKa(file);
    expect(fatal).toBeNull();
    expect(issues.map((issue) => [issue.code, issue.span?.offset])).toEqual([
      ['TRAILING_BYTES', file.length - 2],
    ]);
    expect(writeKa(value)).toEqual(file);
  });

  it('a nested header of an unknown version: UNSUPPORTED_VERSION at its version byte', () => {
    expect(fatalOf(patch(bytes, (view) => view.setUint8(21, 7)))).toEqual({
      code: 'UNSUPPORTED_VERSION',
      offset: 21,
    });
  });

  it('64 levels read, 65 stop with TOO_LARGE', () => {
    expect(parseKa(writeKa(nestedArchive(64))).fatal).toBeNull();
    expect(fatalOf(writeKa(nestedArchive(65)))?.code).toBe('TOO_LARGE');
  });
});

describe('forged v2 fields', () => {
  const bytes = writeKa(v2TopArchive());
  const view = new DataView(bytes.buffer);
  const stringCount = view.getUint32(4, true);
  // Strings start at 8: each a u16 length and its bytes; then the ids; then the pair count.
  let at = 8;
  for (let index = 0; index < stringCount; index++) at += 2 + view.getUint16(at, true);
  const idsAt = at;
  const countAt = idsAt + 4 * stringCount;
  const firstKeyAt = countAt + 4;

  it('a string table count past the bytes: BAD_COUNT at 4', () => {
    expect(fatalOf(patch(bytes, (forged) => forged.setUint32(4, 0x10000, true)))).toEqual({
      code: 'BAD_COUNT',
      offset: 4,
    });
  });

  it('a table string length past the end: UNEXPECTED_EOF', () => {
    const forged = patch(bytes, (change) => change.setUint16(8, 0xffff, true));
    expect(fatalOf(forged)?.code).toBe('UNEXPECTED_EOF');
  });

  it('a pair count past the bytes: BAD_COUNT at the count', () => {
    expect(fatalOf(patch(bytes, (forged) => forged.setUint32(countAt, 1000, true)))).toEqual({
      code: 'BAD_COUNT',
      offset: countAt,
    });
  });

  it('a key id not in the table: an UNRESOLVED_ID issue at the key, the id kept', () => {
    const forged = patch(bytes, (change) => change.setUint32(firstKeyAt, 0xdeadbeef, true));
    const { fatal, issues, value } = parseKa(forged);
    expect(fatal).toBeNull();
    expect(issues.map((issue) => [issue.code, issue.span?.offset])).toEqual([
      ['UNRESOLVED_ID', firstKeyAt],
    ]);
    expect(value.root.entries[0]!.key).toEqual({ kind: 'id', id: 0xdeadbeef });
  });

  it('a string value id not in the table: an UNRESOLVED_ID issue at the id', () => {
    // The first pair is name → STRING id: key id, type byte, then the id.
    const idAt = firstKeyAt + 5;
    expect(view.getUint32(idAt, true)).toBe(V2_IDS.tank);
    const { fatal, issues } = parseKa(patch(bytes, (change) => change.setUint32(idAt, 1, true)));
    expect(fatal).toBeNull();
    expect(issues.map((issue) => [issue.code, issue.span?.offset])).toEqual([
      ['UNRESOLVED_ID', idAt],
    ]);
  });

  it('a pair value type past 30: BAD_VALUE at the type byte', () => {
    expect(fatalOf(patch(bytes, (forged) => forged.setUint8(firstKeyAt + 4, 200)))).toEqual({
      code: 'BAD_VALUE',
      offset: firstKeyAt + 4,
    });
  });
});

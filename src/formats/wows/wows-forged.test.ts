/**
 * Forged fields: write a valid index, change one field, check the code and offset of what
 * the reader reports (never the message text). Offsets follow spec.md's table of checks.
 */
import { describe, expect, it } from 'vitest';
import { forgeWowsIndex, nodeRecordOffset } from './fixtures/make-fixtures.ts';
import {
  nodeName,
  parseWowsIndex,
  WOWS_FILE_FIELD,
  WOWS_FILE_RECORD_LENGTH,
  WOWS_HEADER_FIELD as HEADER,
  WOWS_NODE_FIELD,
  WOWS_VOLUME_FIELD,
} from './read.ts';
import type { WowsRawIndex, WowsRawLayout } from './types.ts';

const text = (value: string) => new TextEncoder().encode(value);

function forged(forge: (raw: WowsRawIndex, layout: WowsRawLayout) => void) {
  const { bytes, layout, raw } = forgeWowsIndex(forge);
  return { bytes, layout, raw, ...parseWowsIndex(bytes) };
}

describe('header', () => {
  const valid = forgeWowsIndex().bytes;

  it.each([
    ['empty', new Uint8Array(0), 'UNEXPECTED_EOF', 0],
    ['cut magic', text('ISF'), 'UNEXPECTED_EOF', 0],
    ['wrong magic', text('ISFQ\0\0\0\x02'), 'BAD_MAGIC', 0],
    ['other file', text('PK\x03\x04'), 'BAD_MAGIC', 0],
    ['a short other file', text('P'), 'BAD_MAGIC', 0],
    ['cut in the version word', valid.slice(0, 6), 'UNEXPECTED_EOF', HEADER.versionWord],
    ['cut in the hash', valid.slice(0, 10), 'UNEXPECTED_EOF', HEADER.hash],
    ['cut in the counts', valid.slice(0, 0x17), 'UNEXPECTED_EOF', HEADER.fileCount],
    ['cut in a pointer', valid.slice(0, 0x35), 'UNEXPECTED_EOF', HEADER.volumeTablePointer],
  ])('%s', (_label, bytes, code, offset) => {
    expect(parseWowsIndex(bytes).fatal).toMatchObject({ code, offset, format: 'wows' });
  });

  it.each([
    ['legacy v0x20 layout', 'versionWord', 0x01010004, HEADER.versionWord],
    ['version 1', 'versionWord', 0x01000000, HEADER.versionWord],
    ['version word read big-endian', 'versionWord', 2, HEADER.versionWord],
    ['32-bit pointers', 'pointerSize', 32, HEADER.pointerSize],
  ] as const)('%s: UNSUPPORTED_VERSION at the field', (_label, field, value, offset) => {
    const { fatal } = forged((raw) => void (raw.header[field] = value));
    expect(fatal).toMatchObject({ code: 'UNSUPPORTED_VERSION', offset, path: `header.${field}` });
  });
});

describe('tables', () => {
  const tables = [
    ['node', 'nodeTablePointer', 'nodeCount'],
    ['file', 'fileTablePointer', 'fileCount'],
    ['volume', 'volumeTablePointer', 'volumeCount'],
  ] as const;

  describe.each(tables)('%s table', (_table, pointerField, countField) => {
    it.each([
      ['just past the end', (size: number) => BigInt(size - 16 + 1)],
      ['far past the end', () => 0x7fffffffn],
      ['above 2^53', () => 1n << 60n],
      ['2^64 - 1 (16 + it wraps in 64 bits)', () => (1n << 64n) - 1n],
    ])('pointer %s: OUT_OF_BOUNDS at the pointer field', (_label, pointer) => {
      const size = forgeWowsIndex().bytes.length;
      const { fatal } = forged((raw) => void (raw.header[pointerField] = pointer(size)));
      expect(fatal).toMatchObject({
        code: 'OUT_OF_BOUNDS',
        offset: HEADER[pointerField],
        path: `header.${pointerField}`,
      });
    });

    it.each([0x10000, 0xffffffff])('count %d: BAD_COUNT at the count field', (count) => {
      const { fatal } = forged((raw) => void (raw.header[countField] = count));
      expect(fatal).toMatchObject({
        code: 'BAD_COUNT',
        offset: HEADER[countField],
        path: `header.${countField}`,
      });
    });

    it('a pointer exactly at the end holds zero records', () => {
      const { fatal, value } = forged((raw, layout) => {
        raw.header[countField] = 0;
        raw.header[pointerField] = BigInt(layout.end - 16);
      });
      // Without volumes the warning says so; nothing is fatal.
      expect(fatal).toBeNull();
      expect(value.header[countField]).toBe(0);
    });
  });

  it('a smaller count reads fewer records', () => {
    const { fatal, value } = forged((raw) => void (raw.header.nodeCount = 2));
    expect(fatal).toBeNull();
    expect(value.nodes.count).toBe(2);
  });

  it('a bad volume table keeps the nodes and records read before it', () => {
    const { fatal, value, raw } = forged((each) => void (each.header.volumeCount = 1000));
    expect(fatal).toMatchObject({ code: 'BAD_COUNT', offset: HEADER.volumeCount });
    expect(value.nodes.count).toBe(raw.nodes.length);
    expect(value.files.count).toBe(raw.files.length);
    expect(value.volumes).toEqual([]);
  });
});

describe('node names', () => {
  const NODE = 2;
  const at = (layout: WowsRawLayout, field: number) => nodeRecordOffset(layout, NODE) + field;

  function expectPartial(value: ReturnType<typeof parseWowsIndex>['value']): void {
    expect(value.nodes.count).toBe(NODE);
    expect(value.nodes.idLo).toHaveLength(NODE);
    for (let node = 0; node < NODE; node++) expect(nodeName(value, node)).not.toBe('');
    expect(value.files.count).toBe(0);
  }

  it('name_len 0: BAD_VALUE at name_len; the nodes before it are kept', () => {
    const { fatal, value, layout } = forged((raw) => void (raw.nodes[NODE]!.nameLength = 0n));
    expect(fatal).toMatchObject({
      code: 'BAD_VALUE',
      offset: at(layout, WOWS_NODE_FIELD.nameLength),
      path: `nodes[${NODE}].nameLength`,
    });
    expectPartial(value);
  });

  it.each([
    ['a little', (length: bigint) => length + 1000n],
    ['2^40', () => 1n << 40n],
    ['2^64 - 1', () => (1n << 64n) - 1n],
  ])('name_len past the end of the file (%s): OUT_OF_BOUNDS at name_len', (_label, length) => {
    const { fatal, value, layout } = forged((raw) => {
      const node = raw.nodes[NODE]!;
      node.nameLength = length(node.nameLength);
    });
    expect(fatal).toMatchObject({
      code: 'OUT_OF_BOUNDS',
      offset: at(layout, WOWS_NODE_FIELD.nameLength),
      path: `nodes[${NODE}].nameLength`,
    });
    expectPartial(value);
  });

  it.each([
    ['just past the end', (end: number, record: number) => BigInt(end - record)],
    ['2^63', () => 1n << 63n],
  ])('name_ptr %s: OUT_OF_BOUNDS at name_ptr', (_label, pointer) => {
    const { fatal, layout } = forged((raw, layout) => {
      raw.nodes[NODE]!.namePointer = pointer(layout.end, nodeRecordOffset(layout, NODE));
    });
    expect(fatal).toMatchObject({
      code: 'OUT_OF_BOUNDS',
      offset: at(layout, WOWS_NODE_FIELD.namePointer),
      path: `nodes[${NODE}].namePointer`,
    });
  });

  it('a name without its NUL: BAD_VALUE at the byte that should be NUL', () => {
    const { fatal, layout, raw } = forged((each) => {
      const name = each.names[NODE]!;
      name[name.length - 1] = 0x5f;
    });
    expect(fatal).toMatchObject({
      code: 'BAD_VALUE',
      offset: layout.names[NODE]! + raw.names[NODE]!.length - 1,
      path: `nodes[${NODE}].name`,
    });
  });

  it('a name_len one short (the NUL left out): BAD_VALUE at the last byte counted', () => {
    const { fatal, layout, raw } = forged((each) => void (each.nodes[NODE]!.nameLength -= 1n));
    expect(fatal).toMatchObject({
      code: 'BAD_VALUE',
      offset: layout.names[NODE]! + raw.names[NODE]!.length - 2,
    });
  });

  it('a NUL inside a name: BAD_VALUE at that NUL', () => {
    const { fatal, layout } = forged((raw) => void (raw.names[NODE]![1] = 0));
    expect(fatal).toMatchObject({
      code: 'BAD_VALUE',
      offset: layout.names[NODE]! + 1,
      path: `nodes[${NODE}].name`,
    });
  });

  it('a name_len one too long (running into the next name): BAD_VALUE at the last byte counted', () => {
    const { fatal, layout, raw } = forged((each) => void (each.nodes[NODE]!.nameLength += 1n));
    expect(fatal).toMatchObject({
      code: 'BAD_VALUE',
      offset: layout.names[NODE]! + raw.names[NODE]!.length,
    });
  });
});

describe('file records', () => {
  it('a pkg offset of 2^53 or more: BAD_VALUE at the field; the records before it are kept', () => {
    const { fatal, value, layout } = forged((raw) => void (raw.files[1]!.offset = 1n << 53n));
    expect(fatal).toMatchObject({
      code: 'BAD_VALUE',
      offset: layout.fileTable + WOWS_FILE_RECORD_LENGTH + WOWS_FILE_FIELD.offset,
      path: 'files[1].offset',
    });
    expect(value.files.count).toBe(1);
    expect(value.files.offsets).toHaveLength(1);
  });

  it('a pkg offset of 2^53 - 1 is read exactly', () => {
    const { fatal, value } = forged((raw) => void (raw.files[1]!.offset = (1n << 53n) - 1n));
    expect(fatal).toBeNull();
    expect(value.files.offsets[1]).toBe(2 ** 53 - 1);
  });
});

describe('volumes', () => {
  it('name_len 0: BAD_VALUE at the volume name_len', () => {
    const { fatal, layout } = forged((raw) => void (raw.volumes[0]!.nameLength = 0n));
    expect(fatal).toMatchObject({
      code: 'BAD_VALUE',
      offset: layout.volumeTable + WOWS_VOLUME_FIELD.nameLength,
      path: 'volumes[0].nameLength',
    });
  });

  it('a volume name without its NUL: BAD_VALUE at its last byte', () => {
    const { fatal, layout } = forged((raw) => {
      const name = raw.volumeNames[0]!;
      name[name.length - 1] = 0x21;
    });
    expect(fatal).toMatchObject({ code: 'BAD_VALUE', offset: layout.end - 1 });
  });

  it('a name_ptr other than 24 that still finds a valid name: used, with a warning', () => {
    // Two stray bytes before the name, and name_ptr 26 pointing past them.
    const { fatal, issues, value, layout } = forged((raw) => {
      raw.volumeNames.unshift(text('xx'));
      raw.volumes[0]!.namePointer = 26n;
    });
    expect(fatal).toBeNull();
    expect(value.volumes[0]).toMatchObject({
      name: 'basic_0001.pkg',
      nameSpan: { offset: layout.volumeTable + 26 },
    });
    expect(issues.map((issue) => [issue.code, issue.span?.offset])).toEqual([
      ['VOLUME_NAME_POINTER', layout.volumeTable + WOWS_VOLUME_FIELD.namePointer],
    ]);
  });

  it('a name_ptr that finds nothing valid, and no name after the table either: fatal at the record', () => {
    const { fatal, layout } = forged((raw) => {
      raw.volumes[0]!.namePointer = 0xdeadbeefn;
      raw.volumeNames[0] = raw.volumeNames[0]!.map((byte) => byte || 0x20);
    });
    expect(fatal).toMatchObject({
      code: 'OUT_OF_BOUNDS',
      offset: layout.volumeTable + WOWS_VOLUME_FIELD.namePointer,
    });
  });
});

type SoftCase = [
  code: string,
  severity: 'warning' | 'info',
  forge: (raw: WowsRawIndex) => void,
  offset: (layout: WowsRawLayout) => number,
];
const SOFT_CASES: SoftCase[] = [
  ['HASH_MISMATCH', 'warning', (raw) => void (raw.header.hash = 0x12345678), () => HEADER.hash],
  [
    'RESERVED_NONZERO',
    'warning',
    (raw) => void (raw.header.reserved1C = 7),
    () => HEADER.reserved1C,
  ],
  [
    'RECORD_PADDING',
    'warning',
    (raw) => void (raw.files[2]!.padding = 1),
    (layout) => layout.fileTable + 2 * WOWS_FILE_RECORD_LENGTH + WOWS_FILE_FIELD.padding,
  ],
  [
    'UNSUPPORTED_COMPRESSION',
    'info',
    (raw) => void (raw.files[0]!.compressionType = 6),
    (layout) => layout.fileTable + WOWS_FILE_FIELD.compressionType,
  ],
];

describe('soft checks', () => {
  it.each(SOFT_CASES)('%s is an issue (%s), not an error', (code, severity, forge, offset) => {
    const { fatal, issues, layout } = forged(forge);
    expect(fatal).toBeNull();
    expect(issues).toMatchObject([{ code, severity, span: { offset: offset(layout) } }]);
  });

  it('counts records with odd padding or compression in one issue each', () => {
    const { issues } = forged((raw) => {
      for (const file of raw.files) file.padding = 9;
      raw.files[1]!.compressionType = 6;
      raw.files[3]!.compressionFlags = 0;
    });
    expect(issues.map((issue) => issue.code)).toEqual([
      'RECORD_PADDING',
      'UNSUPPORTED_COMPRESSION',
    ]);
  });

  it('bytes after the volume name: VOLUME_NAME_NOT_AT_EOF', () => {
    const { fatal, issues } = forged((raw) => void raw.volumeNames.push(text('tail')));
    expect(fatal).toBeNull();
    expect(issues.map((issue) => issue.code)).toEqual(['VOLUME_NAME_NOT_AT_EOF']);
  });

  it('volume count 0: NO_VOLUMES', () => {
    const { fatal, issues } = forged((raw) => void (raw.header.volumeCount = 0));
    expect(fatal).toBeNull();
    expect(issues.map((issue) => [issue.code, issue.span?.offset])).toEqual([
      ['NO_VOLUMES', HEADER.volumeCount],
    ]);
  });
});

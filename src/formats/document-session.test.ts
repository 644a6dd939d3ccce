/**
 * The document session builder: a format that gives only its reader, its nodes and what it
 * says of the file gets a whole session — bounds-checked nodes, table, columns, details,
 * content as slices of the bytes its spans point into, and its nodes handed to the tree.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../binary/byte-source.ts';
import { ErrorCode, FormatError, toErrorInfo } from '../binary/format-error.ts';
import { DOCUMENT_COLUMNS, openDocument, type DocumentNode } from './document-session.ts';
import { DEFAULT_COLUMNS, type NodeInput, type ParseResult } from './model.ts';
import { inlineServices } from './services.ts';

/** A made-up document: a 4-byte header and one section per following byte pair. */
interface PairFile {
  version: number;
  nodes: (DocumentNode & { isPair: boolean })[];
}

async function readPairs(source: MemoryByteSource): Promise<ParseResult<PairFile>> {
  const bytes = await source.read(0, source.size);
  const nodes: PairFile['nodes'] = [
    { path: 'Header', span: { offset: 0, length: 4 }, fields: [['Magic', 'PAIR']], isPair: false },
  ];
  for (let at = 4; at + 2 <= bytes.length; at += 2) {
    nodes.push({
      path: `Pairs/${(at - 4) / 2}`,
      span: { offset: at, length: 2 },
      fields: [['Sum', String(bytes[at]! + bytes[at + 1]!)]],
      isPair: true,
    });
  }
  const fatal =
    bytes.length % 2 === 1
      ? toErrorInfo(
          new FormatError({
            code: ErrorCode.UNEXPECTED_EOF,
            offset: bytes.length - 1,
            detail: 'half a pair',
          }),
        )
      : null;
  return { value: { version: bytes[3] ?? 0, nodes }, issues: [], fatal };
}

const FILE = new Uint8Array([0x50, 0x41, 0x49, 7, 1, 2, 3, 4]);

async function open(
  bytes: Uint8Array,
  logical: Uint8Array | null = null,
): Promise<{ session: Awaited<ReturnType<ReturnType<typeof openDocument>>>; sunk: NodeInput[] }> {
  const sunk: NodeInput[] = [];
  const openPairs = openDocument({
    format: 'pairs',
    read: readPairs,
    nodes: (file) => file.nodes,
    kind: (node) => (node.isPair ? 'record' : 'section'),
    describe: (file, nodes) => ({
      label: `Pairs v${file.version}`,
      facts: [['Pairs', String(nodes.length - 1)]],
      ...(logical ? { spanBase: 'logical' as const, bytes: logical } : {}),
    }),
  });
  const session = await openPairs({
    sources: [new MemoryByteSource(bytes, 'a.pairs')],
    services: inlineServices(),
    sink: { nodes: (batch) => sunk.push(...batch), nodeRange: () => undefined },
  });
  return { session, sunk };
}

describe('openDocument', () => {
  it('makes the session from the reader, the nodes and the description', async () => {
    const { session, sunk } = await open(FILE);
    expect(session).toMatchObject({
      format: 'pairs',
      label: 'Pairs v7',
      facts: [['Pairs', '2']],
      layout: 'document',
      fatal: null,
    });
    expect(session.columnSets[DEFAULT_COLUMNS]).toBe(DOCUMENT_COLUMNS);
    expect(sunk.map((node) => [node.index, node.path, node.size])).toEqual([
      [0, 'Header', 4],
      [1, 'Pairs/0', 2],
      [2, 'Pairs/1', 2],
    ]);
    const table = session.nodeTable();
    expect(session.nodeCount()).toBe(3);
    expect([table.kind!(0), table.kind!(2)]).toEqual(['section', 'record']);
    expect(session.cell!(2, 'offset')).toBe(6);
    expect(session.details(2)).toEqual({
      index: 2,
      path: 'Pairs/1',
      kind: 'record',
      size: 2,
      storedSize: 2,
      span: { offset: 6, length: 2 },
      spanBase: 'file',
      record: null,
      isCompressed: false,
      checksum: null,
      fields: [['Sum', '7']],
    });
    // Spans into the file and no bytes held: nothing to read, no logical bytes, no view.
    expect(session.content).toBeUndefined();
    expect(session.logical).toBeUndefined();
    expect(session.view).toBeUndefined();
  });

  it('refuses a node that is not there, with OUT_OF_BOUNDS and the format', async () => {
    const { session } = await open(FILE);
    for (const bad of [-1, 3, 1.5, Number.NaN]) {
      expect(() => session.details(bad)).toThrow(
        expect.objectContaining({ code: 'OUT_OF_BOUNDS', offset: 0, format: 'pairs' }),
      );
      expect(() => session.nodeTable().path(bad)).toThrow(FormatError);
    }
  });

  it('keeps what was read when the reader stops, with its error', async () => {
    const { session } = await open(FILE.subarray(0, 7));
    expect(session.fatal).toMatchObject({ code: 'UNEXPECTED_EOF', offset: 6 });
    expect(session.nodeCount()).toBe(2);
  });

  it('reads content as slices of the logical bytes its spans point into', async () => {
    const logical = new Uint8Array([9, 9, 9, 9, 5, 6, 7, 8]);
    const { session } = await open(FILE, logical);
    expect(session.logical).toBe(logical);
    expect(session.details(1).spanBase).toBe('logical');
    expect(session.content!.storedSpan(1)).toBeNull();
    const { bytes } = await session.content!.read(2);
    expect([...bytes]).toEqual([7, 8]);
    // A copy: handing it over (transfer) must not take the session's bytes with it.
    expect(bytes.buffer).not.toBe(logical.buffer);
  });
});

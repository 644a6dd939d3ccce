/**
 * Forged fields: a valid file from our writer with one field patched (or cut short); the
 * read stops with the right code at the right offset, in the model and in the session
 * alike (never a message check).
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { inlineServices } from '../services.ts';
import { groupStart, severalGroups, verticesLengthAt } from './fixtures/make-fixtures.ts';
import { parseScg } from './read.ts';
import { openScgSession } from './session.ts';
import { writeScg } from './write.ts';

function patch(bytes: Uint8Array, at: number, value: number, width: 1 | 4 = 4): Uint8Array {
  const copy = bytes.slice();
  const view = new DataView(copy.buffer);
  if (width === 1) view.setUint8(at, value);
  else view.setUint32(at, value, true);
  return copy;
}

function fatalOf(bytes: Uint8Array) {
  const { fatal } = parseScg(bytes);
  return fatal && { code: fatal.code, offset: fatal.offset };
}

const bytes = writeScg({ version: 1, groups: severalGroups() });

describe('forged header fields', () => {
  it('the offsets the forgeries use are where the fields are', () => {
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(4, true)).toBe(1);
    expect(view.getUint32(8, true)).toBe(3);
    expect(view.getUint32(12, true)).toBe(3);
    expect(Array.from(bytes.subarray(16, 20))).toEqual([0x4b, 0x41, 1, 0]);
  });

  it('a magic that is not SCPG', () => {
    for (const at of [0, 1, 2, 3]) {
      expect(fatalOf(patch(bytes, at, 0x20, 1))).toEqual({ code: 'BAD_MAGIC', offset: 0 });
    }
  });

  it('a version other than 1', () => {
    for (const version of [0, 2, 0xffffffff]) {
      expect(fatalOf(patch(bytes, 4, version))).toEqual({
        code: 'UNSUPPORTED_VERSION',
        offset: 4,
      });
    }
  });

  it('two node counts that disagree: at the second', () => {
    expect(fatalOf(patch(bytes, 12, 2))).toEqual({ code: 'BAD_COUNT', offset: 12 });
    expect(fatalOf(patch(bytes, 8, 4))).toEqual({ code: 'BAD_COUNT', offset: 12 });
  });

  it('counts the bytes left cannot hold, 8 bytes a group: at the first', () => {
    const room = Math.floor((bytes.length - 16) / 8);
    const both = (count: number) => patch(patch(bytes, 8, count), 12, count);
    expect(fatalOf(both(room + 1))).toEqual({ code: 'BAD_COUNT', offset: 8 });
    expect(fatalOf(both(0xffffffff))).toEqual({ code: 'BAD_COUNT', offset: 8 });
    // Room enough by the count check, yet more groups than there are: the walk runs out
    // where the next one would start.
    expect(fatalOf(both(4))).toEqual({ code: 'UNEXPECTED_EOF', offset: bytes.length });
  });

  it('fewer groups than there are: the rest is trailing bytes, a warning', () => {
    const { fatal, issues } = parseScg(patch(patch(bytes, 8, 2), 12, 2));
    expect(fatal).toBeNull();
    const third = groupStart(bytes, 2);
    expect(issues).toMatchObject([
      { code: 'TRAILING_BYTES', span: { offset: third, length: bytes.length - third } },
    ]);
  });
});

describe('forged groups', () => {
  it('a group whose KA magic is broken', () => {
    const second = groupStart(bytes, 1);
    expect(fatalOf(patch(bytes, second, 0x4c, 1))).toEqual({ code: 'BAD_MAGIC', offset: second });
  });

  it('a group of an unknown KA version', () => {
    const second = groupStart(bytes, 1);
    expect(fatalOf(patch(bytes, second + 2, 3, 1))).toEqual({
      code: 'UNSUPPORTED_VERSION',
      offset: second + 2,
    });
  });

  it('a group whose pair count the bytes left cannot hold', () => {
    const second = groupStart(bytes, 1);
    expect(fatalOf(patch(bytes, second + 4, 100000))).toEqual({
      code: 'BAD_COUNT',
      offset: second + 4,
    });
  });

  it('a byte array whose length runs past the end of the file', () => {
    const at = verticesLengthAt(bytes, 1);
    expect(fatalOf(patch(bytes, at, bytes.length))).toEqual({ code: 'OUT_OF_BOUNDS', offset: at });
  });

  it('a value of an unknown type', () => {
    const at = verticesLengthAt(bytes, 0) - 1;
    expect(bytes[at]).toBe(6);
    expect(fatalOf(patch(bytes, at, 31, 1))).toEqual({ code: 'BAD_VALUE', offset: at });
  });

  it('truncation inside a group: the vertex bytes run past the new end', () => {
    const at = verticesLengthAt(bytes, 1);
    expect(fatalOf(bytes.subarray(0, at + 10))).toEqual({ code: 'OUT_OF_BOUNDS', offset: at });
  });

  it('every truncation stops with an error inside the file, in the session too', async () => {
    const ends = [0, 3, 4, 7, 15, 16, 19, 23, 24, 40, groupStart(bytes, 1), bytes.length - 1];
    for (const end of ends) {
      const cut = bytes.subarray(0, end);
      const fatal = fatalOf(cut);
      expect(fatal, `cut at ${end}`).not.toBeNull();
      expect(fatal!.offset).toBeLessThanOrEqual(end);
      const session = await openScgSession({
        sources: [new MemoryByteSource(cut, 'cut.scg')],
        services: inlineServices(),
        sink: { nodes: () => undefined, nodeRange: () => undefined },
      });
      expect(session.fatal).toMatchObject(fatal!);
      // What was read stays browsable, each node inside the bytes there are.
      for (let node = 0; node < session.nodeCount(); node++) {
        const span = session.details(node).span;
        expect(span.offset + span.length, `cut at ${end}, node ${node}`).toBeLessThanOrEqual(end);
      }
    }
  });
});

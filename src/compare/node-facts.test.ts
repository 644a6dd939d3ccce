import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeKiwad } from '../formats/kiwad/write.ts';
import { KaType } from '../formats/ka/types.ts';
import { intValue, textValue, v1Archive, writeKa } from '../formats/ka/write.ts';
import type { Session } from '../formats/model.ts';
import { diffSessions, diffSides, sideOf } from './diff-sessions.ts';
import { nodeFactsBuffers, nodeFactsOf, sideOfFacts, type NodeFacts } from './node-facts.ts';
import { openMemory } from './testing/open-memory.ts';

const text = (value: string) => new TextEncoder().encode(value);

function archive(files: Record<string, string>): Uint8Array {
  return writeKiwad(Object.entries(files).map(([name, data]) => ({ name, data: text(data) })));
}

/** The facts as they arrive in another worker: cloned, their buffers transferred. */
function sent(facts: NodeFacts): NodeFacts {
  return structuredClone(facts, { transfer: nodeFactsBuffers(facts) });
}

/** A session opener that counts its calls. */
function opener(session: Session) {
  const opener = { calls: 0, open: () => (opener.calls++, Promise.resolve(session)) };
  return opener;
}

describe('node facts', () => {
  it('tell every path, size and checksum as the session does, after a transfer', async () => {
    const session = await openMemory(
      archive({ 'a/é.txt': 'one', 'a/日本.bin': 'two!', 'b/😀': '', 'b/z': 'x'.repeat(300) }),
      'a.wad',
    );
    const facts = nodeFactsOf(session);
    const arrived = sent(facts);
    expect(facts.sizes.byteLength).toBe(0);
    const direct = sideOf(session);
    const side = sideOfFacts(arrived, () => Promise.resolve(session));
    expect(side.count).toBe(direct.count);
    for (let index = 0; index < direct.count; index++) {
      expect([side.path(index), side.size(index), side.checksum(index)]).toEqual([
        direct.path(index),
        direct.size(index),
        direct.checksum(index),
      ]);
    }
    expect(arrived).toMatchObject({ format: session.format, hasContent: true, fatal: null });
  });

  it('keep paths whole whatever their characters, a lone surrogate too', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'binary', maxLength: 6 }), { maxLength: 20 }),
        (paths) => {
          const encoded = new TextEncoder().encode(paths.join(''));
          const decoded = new TextDecoder().decode(encoded);
          const ends = new Uint32Array(paths.length);
          let end = 0;
          paths.forEach((path, index) => (ends[index] = end += path.length));
          const facts: NodeFacts = {
            format: 'f',
            label: 'F',
            count: paths.length,
            pathBytes: encoded,
            pathEnds: ends,
            sizes: new Float64Array(paths.length),
            checksums: new Float64Array(paths.length).fill(Number.NaN),
            hasContent: false,
            fatal: null,
          };
          const side = sideOfFacts(facts, () => Promise.reject(new Error('not opened')));
          const read = paths.map((_, index) => side.path(index));
          expect(read.join('')).toBe(decoded);
          expect(read.map((path) => path.length)).toEqual(paths.map((path) => path.length));
          expect(paths.map((_, index) => side.checksum(index))).toEqual(paths.map(() => null));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuse arrays that do not fit their count', async () => {
    const facts = nodeFactsOf(await openMemory(archive({ a: '1', b: '2' }), 'a.wad'));
    const short = { ...facts, sizes: new Float64Array(1) };
    expect(() => sideOfFacts(short, () => Promise.reject(new Error('no')))).toThrow(RangeError);
    const cut = { ...facts, pathEnds: Uint32Array.of(1, 5) };
    expect(() => sideOfFacts(cut, () => Promise.reject(new Error('no')))).toThrow(RangeError);
  });

  it('diff two archives as their sessions do, opening neither: checksums decide', async () => {
    const oldSession = await openMemory(archive({ same: 's', gone: 'g', edit: '1' }), 'o.wad');
    const newSession = await openMemory(archive({ same: 's', edit: '2', added: 'n' }), 'n.wad');
    const oldOpener = opener(oldSession);
    const newOpener = opener(newSession);
    const fromFacts = await diffSides(
      sideOfFacts(sent(nodeFactsOf(oldSession)), oldOpener.open),
      sideOfFacts(sent(nodeFactsOf(newSession)), newOpener.open),
    );
    const fromSessions = await diffSessions(oldSession, newSession);
    expect(fromFacts.rows).toEqual(fromSessions.rows);
    expect(fromFacts.counts).toEqual({ added: 1, removed: 1, changed: 1, unchanged: 1 });
    expect([oldOpener.calls, newOpener.calls]).toEqual([0, 0]);
  });

  it('open the sessions, once each, where no checksum decides (document values)', async () => {
    const oldSession = await openMemory(
      writeKa(
        v1Archive([
          ['title', textValue('Old')],
          ['count', intValue(KaType.INT32, 3)],
        ]),
      ),
      'old.ka',
    );
    const newSession = await openMemory(
      writeKa(
        v1Archive([
          ['title', textValue('New')],
          ['count', intValue(KaType.INT32, 3)],
        ]),
      ),
      'new.ka',
    );
    const oldFacts = nodeFactsOf(oldSession);
    expect(Number.isNaN(oldFacts.checksums[0])).toBe(true);
    const oldOpener = opener(oldSession);
    const newOpener = opener(newSession);
    const fromFacts = await diffSides(
      sideOfFacts(sent(oldFacts), oldOpener.open),
      sideOfFacts(sent(nodeFactsOf(newSession)), newOpener.open),
    );
    expect(fromFacts.rows).toEqual((await diffSessions(oldSession, newSession)).rows);
    expect(fromFacts.counts.changed).toBeGreaterThan(0);
    expect([oldOpener.calls, newOpener.calls]).toEqual([1, 1]);
  });
});

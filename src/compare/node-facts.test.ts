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

  it('keep paths whole whatever their characters, over blocks ASCII and not', () => {
    /** A session of these paths only: what the facts read of one. */
    const sessionOf = (paths: readonly string[]) =>
      ({
        format: 'f',
        label: 'F',
        layout: 'archive',
        fatal: null,
        nodeCount: () => paths.length,
        nodeTable: () => ({
          path: (index: number) => paths[index]!,
          size: (index: number) => index,
          storedSize: () => 0,
          checksum: () => 7,
        }),
      }) as unknown as Session;
    const path = fc.oneof(
      fc.stringMatching(/^[a-z/]{0,12}$/),
      fc.string({ unit: 'binary', maxLength: 6 }),
    );
    fc.assert(
      fc.property(
        fc.array(path, { maxLength: 40 }),
        fc.nat({ max: 2500 }),
        fc.nat({ max: 2500 }),
        (some, asciiCount, at) => {
          // Blocks of plain names with the drawn ones among them, somewhere.
          const plain = Array.from({ length: asciiCount }, (_, index) => `d${index % 7}/f${index}`);
          const paths = [...plain.slice(0, at), ...some, ...plain.slice(at)];
          const side = sideOfFacts(sent(nodeFactsOf(sessionOf(paths))), () =>
            Promise.reject(new Error('not opened')),
          );
          // A lone surrogate arrives as U+FFFD, as the encoder writes it; all else as it was.
          const wellFormed = (text: string) =>
            new TextDecoder().decode(new TextEncoder().encode(text));
          const read = Array.from({ length: side.count }, (_, index) => side.path(index));
          expect(read).toEqual(paths.map(wellFormed));
          // Sizes travel with the paths (an empty list has no last one to ask).
          if (paths.length > 0) expect(side.size(paths.length - 1)).toBe(paths.length - 1);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('keep paths longer than the room first made for them', async () => {
    const long = `${'é'.repeat(3000)}/${'x'.repeat(5000)}`;
    const session = await openMemory(archive({ [long]: '1', short: '2' }), 'a.wad');
    const side = sideOfFacts(sent(nodeFactsOf(session)), () => Promise.resolve(session));
    expect([side.path(0), side.path(1)]).toEqual([
      sideOf(session).path(0),
      sideOf(session).path(1),
    ]);
    expect([side.path(0), side.path(1)]).toContain(long);
  });

  it('refuse arrays that do not fit their count', async () => {
    const facts = nodeFactsOf(await openMemory(archive({ a: '1', b: '2' }), 'a.wad'));
    const short = { ...facts, sizes: new Float64Array(1) };
    expect(() => sideOfFacts(short, () => Promise.reject(new Error('no')))).toThrow(RangeError);
    const cut = { ...facts, pathEnds: Uint32Array.of(1, facts.pathBytes.length + 1) };
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

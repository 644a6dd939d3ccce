/**
 * Every registered format reads its input the same way whatever memory holds it: its own
 * array, a `subarray` of a larger buffer at any offset, or a Node `Buffer` — a view into a
 * shared pool, whose `slice` is a view too. A reader that builds a typed array from
 * `.buffer` without the view's `byteOffset` reads the pool's bytes instead of the file's.
 * Iterates the registry, so a new format is covered by registering it.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Session } from '../model.ts';
import { parseWowsIndex } from '../wows/read.ts';
import { openSample } from './open.ts';
import { registeredSubjects, type NamedBytes, type Sample } from './subjects.ts';

const subjects = (await registeredSubjects()).filter((subject) => subject.samples.length > 0);

/** Plain data for `toEqual`: byte arrays as hex (a Buffer and a Uint8Array compare equal). */
function plain(value: unknown): unknown {
  if (ArrayBuffer.isView(value)) {
    return { bytes: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex') };
  }
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return 'function';
  if (value instanceof Map) return [...value].map(([key, item]) => [plain(key), plain(item)]);
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
  }
  return value;
}

/** What a session tells of its file: nodes, details, every content read, verify, view. */
async function everythingOf(session: Session): Promise<unknown> {
  const table = session.nodeTable();
  const nodes: unknown[] = [];
  for (let index = 0; index < session.nodeCount(); index++) {
    const content = await session.content?.read(index).then(
      (read) => read,
      (error: unknown) => ({ error: String(error) }),
    );
    nodes.push({
      path: table.path(index),
      size: table.size(index),
      storedSize: table.storedSize(index),
      details: session.details(index),
      content,
    });
  }
  const statuses: [number, string][] = [];
  await session.verify?.run(
    nodes.map((_, index) => index),
    (index, status) => statuses.push([index, status]),
    { isCancelled: false, throwIfCancelled: () => undefined },
  );
  return plain({
    label: session.label,
    facts: session.facts,
    issues: session.issues,
    fatal: session.fatal,
    logical: session.logical,
    nodes,
    statuses: statuses.sort(([a], [b]) => a - b),
    view: session.view?.data(),
  });
}

async function openAll(sample: Sample, place: (bytes: Uint8Array) => Uint8Array) {
  const moved = (file: NamedBytes) => ({ name: file.name, bytes: place(file.bytes) });
  const { session } = await openSample(
    subjects.find((subject) => subject.samples.includes(sample))!.module,
    moved(sample.file),
    sample.companions.map(moved),
  );
  return everythingOf(session);
}

/** `bytes` at `before` bytes into a larger buffer filled with `fill`, as a view. */
function inLarger(bytes: Uint8Array, before: number, after: number, fill: number) {
  const larger = new Uint8Array(before + bytes.length + after).fill(fill);
  larger.set(bytes, before);
  return larger.subarray(before, before + bytes.length);
}

describe.each(subjects.map((subject) => [subject.module.id, subject] as const))(
  'input held in a larger buffer: %s',
  (_id, subject) => {
    it('reads the same from a subarray at any offset and from a pooled Buffer', async () => {
      for (const sample of subject.samples) {
        const expected = await openAll(sample, (bytes) => bytes.slice());
        await fc.assert(
          fc.asyncProperty(
            fc.nat(67),
            fc.nat(67),
            fc.integer({ min: 0, max: 255 }),
            fc.constantFrom('subarray', 'buffer view', 'pooled buffer'),
            async (before, after, fill, kind) => {
              const place = (bytes: Uint8Array): Uint8Array => {
                const view = inLarger(bytes, before, after, fill);
                if (kind === 'subarray') return view;
                if (kind === 'buffer view') {
                  return Buffer.from(view.buffer, view.byteOffset, view.byteLength);
                }
                // Small Buffers share Node's pool: the file starts somewhere inside it.
                return Buffer.from(bytes);
              };
              expect(await openAll(sample, place), sample.label).toEqual(expected);
            },
          ),
          { numRuns: 6, seed: 0x5eed + subject.module.id.length },
        );
      }
    }, 60_000);
  },
);

describe('a file read by Node (readFileSync: a Buffer in the shared pool)', () => {
  const real = new URL('../../../../shared/fixtures/wows/vehicles_level6_usa.idx', import.meta.url);

  it('parses a real WoWs index as it parses a copy of its bytes', () => {
    const pooled = readFileSync(real);
    const fromPool = parseWowsIndex(pooled);
    expect(fromPool.fatal).toBeNull();
    expect(plain(fromPool.value)).toEqual(plain(parseWowsIndex(new Uint8Array(pooled)).value));
  });
});

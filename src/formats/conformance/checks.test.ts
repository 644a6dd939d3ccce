/**
 * The conformance checks bite: a good session (the two-part test format, with its volumes)
 * has no problems, and each kind of broken session is caught by the check meant for it.
 */
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../binary/format-error.ts';
import type { Session } from '../model.ts';
import { twoPartSamples } from '../testing/two-part-fuzz-target.ts';
import { twoPartFormat } from '../testing/two-part.ts';
import { checkAll, type CheckContext } from './checks.ts';
import { openSample, type OpenedSample } from './open.ts';

const [sample] = twoPartSamples();

async function opened(): Promise<OpenedSample> {
  return openSample(twoPartFormat, sample!.file, sample!.companions);
}

/** The problems of the sample's session with some members replaced. */
async function problemsWith(change: (session: Session) => Partial<Session>): Promise<string[]> {
  const { session, record, sources } = await opened();
  const broken = { ...session, ...change(session) } as Session;
  const context: CheckContext = { session: broken, sources, isValid: true };
  return checkAll(context, 'two-part', record);
}

describe('conformance checks', () => {
  it('find nothing wrong with a good session', async () => {
    expect(await problemsWith(() => ({}))).toEqual([]);
  });

  it.each<[string, (session: Session) => Partial<Session>, RegExp]>([
    ['a wrong format id', () => ({ format: 'other' }), /format is other/],
    ['no default column set', () => ({ columnSets: { extra: [] } }), /no 'default' column set/],
    [
      'an unknown column kind',
      () => ({ columnSets: { default: [{ id: 'x', label: 'X', kind: 'colour' as never }] } }),
      /kind colour/,
    ],
    [
      'details with another path',
      (s) => ({ details: (i) => ({ ...s.details(i), path: 'elsewhere' }) }),
      /details path elsewhere/,
    ],
    [
      'an unknown kind',
      (s) => ({ details: (i) => ({ ...s.details(i), kind: 'blob' as never }) }),
      /kind blob/,
    ],
    [
      'a table that disagrees with the details',
      (s) => ({ nodeTable: () => ({ ...s.nodeTable(), kind: () => 'record' as const }) }),
      /the table's kind record, details entry/,
    ],
    [
      'nodes streamed the way of the other layout',
      () => ({ layout: 'document' }),
      /came through nodeRange/,
    ],
    [
      'a span past the end',
      (s) => ({ details: (i) => ({ ...s.details(i), span: { offset: 1e6, length: 1 } }) }),
      /ends past the file/,
    ],
    [
      'a logical span without logical bytes',
      (s) => ({ details: (i) => ({ ...s.details(i), spanBase: 'logical' }) }),
      /no logical bytes/,
    ],
    [
      'a cell that is no cell',
      () => ({ cell: () => ({}) as never }),
      /cell volume is \[object Object\]/,
    ],
    [
      'content of the wrong length',
      (s) => ({
        content: {
          ...s.content!,
          read: () => Promise.resolve({ bytes: new Uint8Array(1), warning: null }),
        },
      }),
      /read 1 bytes, its size is/,
    ],
    [
      'a read that fails',
      (s) => ({
        content: {
          ...s.content!,
          read: () =>
            Promise.reject(new FormatError({ code: 'BAD_VALUE', offset: 0, detail: 'no' })),
        },
      }),
      /read threw/,
    ],
    [
      'a verify that skips nodes',
      (s) => ({ verify: { ...s.verify!, run: () => Promise.resolve() } }),
      /verify reported no status/,
    ],
    [
      'a verify that mismatches',
      (s) => ({
        verify: {
          ...s.verify!,
          run: (ids, on) => Promise.resolve(ids.forEach((i) => on(i, 'mismatch'))),
        },
      }),
      /verifies mismatch/,
    ],
  ])('catch %s', async (_what, change, problem) => {
    const problems = await problemsWith(change);
    expect(
      problems.some((line) => problem.test(line)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('catch nodes the sink was not told of, or told of with another path', async () => {
    const { session, record, sources } = await opened();
    record.nodes.delete(1);
    record.nodes.set(2, { ...record.nodes.get(2)!, path: 'moved' });
    const problems = await checkAll({ session, sources, isValid: true }, 'two-part', record);
    expect(problems).toEqual([
      'sink received 2 nodes, nodeCount() is 3',
      'node 2: sink path moved, table path art/pixels.bin',
    ]);
  });

  it('let any exception but a FormatError through (a bug, not a problem)', async () => {
    await expect(
      problemsWith(() => ({
        details: () => {
          throw new TypeError('oops');
        },
      })),
    ).rejects.toThrow(TypeError);
  });
});

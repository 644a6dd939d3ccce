/**
 * The two-part test format: the conformance suite over it (with its volumes), and the
 * multi-source paths — volumes missing when the index is opened alone, what content and
 * verify say then, and volumes added later.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { FormatError } from '../../binary/format-error.ts';
import { openSample } from '../conformance/open.ts';
import { conformanceSubject, registeredSubjects } from '../conformance/subjects.ts';
import { describeConformance } from '../conformance/suite.ts';
import type { NodeStatus, Session } from '../model.ts';
import { DETECT_HEAD_LENGTH, FORMATS, detectFormat } from '../registry.ts';
import { twoPartSampleFiles, twoPartSamples } from './two-part-fuzz-target.ts';
import { twoPartFormat } from './two-part.ts';

const registered = await registeredSubjects();

describeConformance([await conformanceSubject(twoPartFormat, twoPartSamples())], {
  detect: (head, name, _formats, tail) =>
    detectFormat(head, name, [twoPartFormat, ...FORMATS], tail),
  foreign: registered.flatMap((subject) => subject.samples),
});

const [files] = twoPartSampleFiles();
const index = { name: 'sample.twop', bytes: files!.index };
const [volume1, volume2] = files!.volumes;

async function verifyAll(session: Session): Promise<NodeStatus[]> {
  const statuses: NodeStatus[] = [];
  const all = Array.from({ length: session.nodeCount() }, (_, i) => i);
  const toRun = all.filter((i) => session.verify!.precheck!(i) === null);
  for (const i of all) statuses[i] = session.verify!.precheck!(i) ?? 'unchecked';
  await session.verify!.run(toRun, (i, status) => (statuses[i] = status), {
    isCancelled: false,
    throwIfCancelled: () => undefined,
  });
  return statuses;
}

describe('two-part: sources', () => {
  it('is claimed by no registered format', () => {
    expect(detectFormat(index.bytes.subarray(0, DETECT_HEAD_LENGTH), 'sample.twop')).toBe('raw');
  });

  it('opened from the index alone, names the missing volumes and what needs them', async () => {
    const { session } = await openSample(twoPartFormat, index);
    expect(session.fatal).toBeNull();
    expect(session.nodeCount()).toBe(3);
    expect(session.sources!.missing()).toEqual([
      { name: 'data.001', nodeCount: 2 },
      { name: 'data.002', nodeCount: 1 },
    ]);
    expect(session.content!.unavailable!(2)).toMatch(/data\.002/);
    await expect(session.content!.read(2)).rejects.toMatchObject({
      name: 'FormatError',
      code: 'MISSING_SOURCE',
      path: 'entries[2].volume',
    });
    expect(() => session.content!.storedSpan(0)).toThrow(FormatError);
    expect(await verifyAll(session)).toEqual(['missing', 'missing', 'missing']);
  });

  it('reads an entry once its volume is added (matched by name, without folder or case)', async () => {
    const { session } = await openSample(twoPartFormat, index, [volume1!]);
    expect(session.sources!.missing()).toEqual([{ name: 'data.002', nodeCount: 1 }]);
    expect(session.sources!.add(new MemoryByteSource(new Uint8Array(1), 'other.bin'))).toBe(false);
    expect(session.sources!.add(new MemoryByteSource(volume2!.bytes, 'C:\\games\\DATA.002'))).toBe(
      true,
    );
    // Taken once: the same volume again is refused.
    expect(session.sources!.add(new MemoryByteSource(volume2!.bytes, 'data.002'))).toBe(false);
    expect(session.sources!.missing()).toEqual([]);
    expect(session.content!.unavailable!(2)).toBeNull();
    const { bytes } = await session.content!.read(2);
    expect(bytes).toEqual(new Uint8Array(300).map((_, i) => i * 7));
    expect(await verifyAll(session)).toEqual(['ok', 'ok', 'ok']);
  });

  it('reports a source it does not need, a damaged volume and a short one', async () => {
    const damaged = volume2!.bytes.slice();
    damaged[10]! ^= 1;
    const stranger = { name: 'stranger.bin', bytes: new Uint8Array(4) };
    const short = { name: 'data.001', bytes: volume1!.bytes.subarray(0, 5) };
    const { session } = await openSample(twoPartFormat, index, [
      short,
      { name: 'data.002', bytes: damaged },
      stranger,
    ]);
    expect(session.issues).toMatchObject([{ severity: 'info', code: 'UNUSED_SOURCE' }]);
    expect(await verifyAll(session)).toEqual(['error', 'error', 'mismatch']);
    await expect(session.content!.read(1)).rejects.toMatchObject({ code: 'OUT_OF_BOUNDS' });
  });
});

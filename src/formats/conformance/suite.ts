/**
 * The conformance suite as vitest blocks, for any list of format modules: the registered
 * ones (conformance.test.ts) or a test-only module beside them (testing/two-part.test.ts).
 *
 * Per format: (1) detection of its own samples, and of no other format's; (2) open: what the
 * sink received is what the session has; (3) every node's details, spans, kinds, columns
 * and cells; (4) every content read, stored spans, verify; (5) mutated samples end in a
 * session or a FormatError within the budget; (6) the writer round trip, where there is one.
 * The raw format has no samples of its own: it must open everyone else's, and random bytes.
 */
import { describe, expect, it } from 'vitest';
import type { FileTail } from '../model.ts';
import { DETECT_HEAD_LENGTH, RAW_FORMAT, tailOf } from '../registry.ts';
import {
  checkContent,
  checkNodes,
  checkSessionShape,
  checkSink,
  checkVerify,
  checkView,
} from './checks.ts';
import { runMutated } from './mutated.ts';
import { openSample } from './open.ts';
import { hasOwnSamples, type ConformanceSubject, type Sample } from './subjects.ts';

export interface SuiteOptions {
  /** The app's detection over these formats (`detectFormat` for the registered ones). */
  detect(head: Uint8Array, name: string, formats: undefined, tail: FileTail): string;
  /** More files no format of the list may claim (other formats' samples). */
  foreign?: readonly Sample[];
  /** Mutated cases per format (default 100) and the time one may take (default 1 s). */
  mutatedRuns?: number;
  budgetMs?: number;
}

/** A name that suggests no format. */
const NEUTRAL_NAME = 'sample.bin';

/** Files the raw format must open: every other format's samples, empty and random bytes. */
function anyFiles(others: readonly Sample[]): Sample[] {
  let state = 0x2545f491;
  const random = new Uint8Array(4096).map(() => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state & 0xff;
  });
  const loose = (label: string, bytes: Uint8Array): Sample => ({
    label,
    file: { name: NEUTRAL_NAME, bytes },
    companions: [],
  });
  return [...others, loose('empty file', new Uint8Array(0)), loose('random bytes', random)];
}

type Check = 'open' | 'nodes' | 'content' | 'verify';

/** Opens each sample and runs one group of checks; the problems, each with its sample's label. */
async function problemsOf(subject: ConformanceSubject, samples: readonly Sample[], check: Check) {
  const problems: string[] = [];
  for (const sample of samples) {
    const { session, record, sources } = await openSample(
      subject.module,
      sample.file,
      sample.companions,
    );
    const context = { session, sources, isValid: true };
    const found =
      check === 'open'
        ? [...checkSessionShape(session, subject.module.id, true), ...checkSink(session, record)]
        : check === 'nodes'
          ? await checkNodes(context)
          : check === 'content'
            ? await checkContent(context)
            : [...(await checkVerify(context)), ...(await checkView(context))];
    problems.push(...found.map((problem) => `${sample.label}: ${problem}`));
  }
  return problems;
}

export function describeConformance(
  subjects: readonly ConformanceSubject[],
  options: SuiteOptions,
): void {
  const everySample = [
    ...subjects.flatMap((subject) => subject.samples),
    ...(options.foreign ?? []),
  ];
  const ownerOf = new Map(
    subjects.flatMap((subject) =>
      subject.samples.map((sample) => [sample, subject.module] as const),
    ),
  );
  const head = (sample: Sample) => sample.file.bytes.subarray(0, DETECT_HEAD_LENGTH);
  const tail = (sample: Sample) => tailOf(sample.file.bytes);

  describe.each(subjects.map((subject) => [subject.module.id, subject] as const))(
    'conformance: %s',
    (id, subject) => {
      const own = hasOwnSamples(subject);
      const others = everySample.filter((sample) => !subject.samples.includes(sample));
      const samples = own ? subject.samples : anyFiles(others);

      // Raw has no samples of its own (it opens the others'); every other format must have some.
      if (own || id !== RAW_FORMAT) {
        it('has valid samples (its fuzz target seeds)', () => {
          expect(subject.target, `${id} needs fuzzTarget() with seeds`).not.toBeNull();
          expect(subject.samples.length).toBeGreaterThan(0);
        });
      }

      it('(1) detects its own samples and rejects every other format’s', () => {
        for (const sample of own ? subject.samples : []) {
          expect(options.detect(head(sample), sample.file.name, undefined, tail(sample))).toBe(id);
        }
        for (const sample of others) {
          // Under a neutral name, but a format known only by its name (no magic) keeps it.
          const owner = ownerOf.get(sample);
          const isNameOnly = owner?.detect(head(sample), NEUTRAL_NAME, tail(sample)) === null;
          const name = isNameOnly ? sample.file.name : NEUTRAL_NAME;
          expect(
            options.detect(head(sample), name, undefined, tail(sample)),
            sample.label,
          ).not.toBe(id);
        }
      });

      it('(2) opens: the sink received every node the session has, with the same paths', async () => {
        expect(await problemsOf(subject, samples, 'open')).toEqual([]);
      });

      it('(3) walks every node: path, kind, span, record, columns and cells', async () => {
        expect(await problemsOf(subject, samples, 'nodes')).toEqual([]);
      });

      it('(4) reads every content (stored spans match) and verifies all ok', async () => {
        const problems = [
          ...(await problemsOf(subject, samples, 'content')),
          ...(await problemsOf(subject, samples, 'verify')),
        ];
        expect(problems).toEqual([]);
      });

      it('(5) mutated samples end in a session or a FormatError within the budget', async () => {
        const stats = await runMutated(subject.module, own ? subject.target : null, samples, {
          seed: 0xc0f0 + id.length,
          numRuns: options.mutatedRuns ?? 100,
          budgetMs: options.budgetMs ?? 1000,
        });
        expect(stats.runs).toBe(options.mutatedRuns ?? 100);
        // The mutations reach the decoder: some cases open, some do not (raw opens them all).
        expect(stats.opened).toBeGreaterThan(0);
        if (own) expect(stats.partial + Object.keys(stats.refused).length).toBeGreaterThan(0);
      }, 30_000);

      // Only formats with a writer have a round trip to check.
      const target = subject.target;
      if (target?.roundTrip) {
        it('(6) writer round trip: write(parse(seed)) == seed', async () => {
          for (const sample of subject.samples) {
            const written = await target.roundTrip!(sample.file.bytes);
            expect(written, sample.label).toEqual(sample.file.bytes);
          }
        });
      }
    },
  );
}

/**
 * What the conformance suite runs: a format module with its valid sample files and, when
 * it has one, its fuzz target (for mutations and the writer round trip). Registered
 * formats take their samples from their fuzz target's seeds, with the companion files
 * (volumes) the target gives for each; a test-only module (one not in the registry, like
 * testing/two-part.ts) can bring samples of its own.
 */
import type { FuzzTarget } from '../fuzz/fuzz-target.ts';
import type { FormatModule } from '../model.ts';
import { FORMATS, RAW_FORMAT } from '../registry.ts';

/** A file by name, in memory. */
export interface NamedBytes {
  name: string;
  bytes: Uint8Array;
}

/** A valid file of a format, and the other files it needs (volumes), opened alongside. */
export interface Sample {
  /** For test names: `<format> seed 1`. */
  label: string;
  file: NamedBytes;
  companions: readonly NamedBytes[];
}

export interface ConformanceSubject {
  module: FormatModule;
  /** Valid files; empty only for the raw format, which has none of its own. */
  samples: readonly Sample[];
  target: FuzzTarget | null;
}

/** A name for a format's sample file: its first extension, or `.bin`. */
export function sampleName(module: FormatModule, index: number): string {
  return `${module.id}-sample-${index}${module.extensions[0] ?? '.bin'}`;
}

/** A module as a subject: samples from its fuzz target's seeds unless given. */
export async function conformanceSubject(
  module: FormatModule,
  samples?: readonly Sample[],
): Promise<ConformanceSubject> {
  const target = module.fuzzTarget ? await module.fuzzTarget() : null;
  if (samples) return { module, samples, target };
  const seeds = target ? await target.seeds() : [];
  const companions = (await target?.companions?.()) ?? [];
  return {
    module,
    target,
    samples: seeds.map((bytes, index) => ({
      label: `${module.id} seed ${index}`,
      file: { name: sampleName(module, index), bytes },
      companions: companions[index] ?? [],
    })),
  };
}

/** Every registered format, in registry order. */
export async function registeredSubjects(): Promise<ConformanceSubject[]> {
  return Promise.all(FORMATS.map((module: FormatModule) => conformanceSubject(module)));
}

/** Whether checks that need a format's own sample apply (the raw format has none). */
export function hasOwnSamples(subject: ConformanceSubject): boolean {
  return subject.module.id !== RAW_FORMAT;
}

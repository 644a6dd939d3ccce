/**
 * The CLI on hostile archives: for every mutated input, `info`, `ls` and `verify` exit 0
 * or 1, with at most one error line on stderr (after any warnings) and never a stack trace.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { kiwadTarget } from '../formats/kiwad/fuzz-target.ts';
import { applyMutations, mutationArbitrary } from '../formats/fuzz/mutations.ts';
import { runCli } from './run.ts';

const work = mkdtempSync(join(tmpdir(), 'delve-cli-fuzz-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function sink(): { stream: Writable; text(): string } {
  const chunks: Buffer[] = [];
  return {
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    }),
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

describe('CLI on mutated archives', () => {
  it('exits 0 or 1 with at most one error line and no stack trace', async () => {
    const seeds = await kiwadTarget.seeds();
    await fc.assert(
      fc.asyncProperty(
        fc.nat(seeds.length - 1),
        fc.array(mutationArbitrary, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('info', 'ls', 'verify'),
        async (index, mutations, command) => {
          const path = join(work, 'fuzz.wad');
          writeFileSync(path, applyMutations(kiwadTarget, seeds[index]!, mutations));
          const stdout = sink();
          const stderr = sink();
          const code = await runCli([command, path, '--json'], {
            stdout: stdout.stream,
            stderr: stderr.stream,
            cwd: work,
          });
          const errorText = stderr.text();
          // 2: a mutation turned the input into another format that is not an archive.
          expect([0, 1, 2]).toContain(code);
          // Warnings may come first, one line each; the error itself is one line.
          const errorLines = errorText
            .split('\n')
            .filter((line) => line !== '' && !line.includes(': warning: '));
          expect(errorLines.length).toBeLessThanOrEqual(1);
          expect(errorText).not.toMatch(/\n\s+at /);
          if (code === 1 && command !== 'verify') expect(errorText).toMatch(/0x[0-9A-F]+/);
        },
      ),
      { seed: 99, numRuns: 200 },
    );
  });
});

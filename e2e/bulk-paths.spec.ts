/**
 * The bulk paths tuned for speed (docs/PERFORMANCE.md) give the same answers as the simple
 * ones: Verify all over more than 64 MiB hashes on a pool of checksum workers, replaced by a
 * warmed-up one after each run (crc-pipeline.ts), and a zip reads entries ahead with large
 * ones inflated on helper workers (content-pool.ts).
 * The archive is written to a temp file and opened through the file input.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { planKiwad, writeKiwadRaw } from '../src/formats/kiwad/write.ts';
import { downloadedBytes, sha256 } from './helpers.ts';

/** Deterministic bytes; `compressible` repeats short runs so zlib has work to do. */
function bytes(length: number, seed: number, compressible: boolean): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    if (!compressible || i % 64 === 0) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
    }
    out[i] = compressible ? (state >>> 24) % 16 : state >>> 24;
  }
  return out;
}

test('verify over a helper worker and a zip over helper workers match the archive', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const entries = [
    { name: 'audio/big.ogg', data: bytes(66 * 1024 * 1024, 1, false) },
    { name: 'audio/bad.ogg', data: bytes(4096, 2, false) },
    { name: 'audio/placeholder.ogg', data: new Uint8Array(5000) },
    ...Array.from({ length: 6 }, (_, i) => ({
      name: `textures/large${i}.dds`,
      data: bytes(600_000 + i * 1000, 10 + i, true),
    })),
    ...Array.from({ length: 40 }, (_, i) => ({
      name: `data/small${i}.xml`,
      data: bytes(3000 + i, 100 + i, true),
    })),
  ];
  const plan = planKiwad(entries, { version: 2, flags: 1 });
  const names = plan.records.map((record) =>
    new TextDecoder().decode(record.nameBytes.subarray(0, -1)),
  );
  plan.records[names.indexOf('audio/bad.ogg')]!.crc ^= 1;
  plan.records[names.indexOf('audio/placeholder.ogg')]!.crc = 0x1234;
  const archive = writeKiwadRaw(plan);
  const folder = mkdtempSync(join(tmpdir(), 'delve-e2e-'));
  try {
    const path = join(folder, 'bulk.wad');
    writeFileSync(path, archive);
    await page.goto('/');
    await page.getByTestId('file-input').setInputFiles(path);
    await expect(page.getByTestId('verify-all')).toBeEnabled();

    const expected = `${entries.length - 2} ok, 1 mismatched, 1 unpatched`;
    await page.getByTestId('verify-all').click();
    await expect(page.getByTestId('verify-summary')).toContainText(expected, { timeout: 60_000 });

    // Again, on the pool started (and warmed up on made-up data) after the first run: the
    // same answer. The summary goes while a run works and comes back with its answer; a
    // MutationObserver sees both, however fast the run.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { summarySeen: string[] }).summarySeen = seen;
      new MutationObserver(() => {
        const summary = document.querySelector('[data-testid="verify-summary"]');
        const state = summary ? `shown: ${summary.textContent}` : 'gone';
        if (seen.at(-1) !== state) seen.push(state);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByTestId('verify-all').click();
    await expect
      .poll(
        () => page.evaluate(() => (window as unknown as { summarySeen: string[] }).summarySeen),
        {
          timeout: 60_000,
        },
      )
      .toEqual(['gone', `shown: ${expected}`]);

    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('download-zip').click();
    const unzipped = unzipSync(await downloadedBytes(await download));
    expect(Object.keys(unzipped).length).toBe(entries.length);
    for (const entry of entries) {
      expect(sha256(unzipped[entry.name]!), entry.name).toBe(sha256(entry.data));
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

/**
 * Regenerates the committed KIWAD fixtures in src/formats/kiwad/fixtures/ from their
 * definitions (make-fixtures.ts). Run: npx tsx scripts/make-kiwad-fixtures.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeKiwadFixtures } from '../src/formats/kiwad/fixtures/make-fixtures.ts';

const folder = join(dirname(fileURLToPath(import.meta.url)), '../src/formats/kiwad/fixtures');
for (const fixture of makeKiwadFixtures()) {
  const path = join(folder, fixture.file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, fixture.bytes);
  console.log(`${fixture.file}  ${fixture.bytes.length} bytes`);
}

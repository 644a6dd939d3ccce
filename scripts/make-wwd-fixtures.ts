/**
 * Regenerates the committed WWD fixtures in src/formats/wwd/fixtures/ from their
 * definitions (make-fixtures.ts). Run: npx tsx scripts/make-wwd-fixtures.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeWwdFixtures } from '../src/formats/wwd/fixtures/make-fixtures.ts';

const folder = join(dirname(fileURLToPath(import.meta.url)), '../src/formats/wwd/fixtures');
for (const fixture of makeWwdFixtures()) {
  const path = join(folder, fixture.file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, fixture.bytes);
  console.log(`${fixture.file}  ${fixture.bytes.length} bytes`);
}

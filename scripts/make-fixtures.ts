/**
 * Regenerates the committed fixtures of every registered format from their definitions:
 * `src/formats/<id>/fixtures/make-fixtures.ts` exports `makeFixtures()`, and each fixture is
 * written beside it. Run: npx tsx scripts/make-fixtures.ts
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FORMATS } from '../src/formats/registry.ts';

interface Fixture {
  file: string;
  bytes: Uint8Array;
}

const formats = join(dirname(fileURLToPath(import.meta.url)), '../src/formats');
for (const { id } of FORMATS) {
  const folder = join(formats, id, 'fixtures');
  const maker = join(folder, 'make-fixtures.ts');
  if (!existsSync(maker)) continue;
  const { makeFixtures } = (await import(pathToFileURL(maker).href)) as {
    makeFixtures(): Fixture[];
  };
  for (const fixture of makeFixtures()) {
    const path = join(folder, fixture.file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, fixture.bytes);
    console.log(`${id}/fixtures/${fixture.file}  ${fixture.bytes.length} bytes`);
  }
}

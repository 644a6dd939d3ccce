/**
 * `npm run samples`: writes each registered format's demo file (`FormatModule.sample`,
 * made by the format's own writer) to public/samples/, where *Try a sample* finds it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FORMATS } from '../src/formats/registry.ts';

const folder = join(dirname(fileURLToPath(import.meta.url)), '../public/samples');
mkdirSync(folder, { recursive: true });
for (const format of FORMATS) {
  if (!('sample' in format)) continue;
  const { name, bytes } = await format.sample();
  writeFileSync(join(folder, name), bytes);
  console.log(`wrote public/samples/${name} (${bytes.length.toLocaleString('en-US')} bytes)`);
}

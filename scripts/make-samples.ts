/**
 * `npm run samples`: writes each registered format's demo to public/samples/ and the list
 * *Try a sample* offers to public/samples/samples.json (src/formats/samples.ts).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectSamples } from '../src/formats/samples.ts';

const folder = join(dirname(fileURLToPath(import.meta.url)), '../public/samples');
const { manifest, files, folders } = await collectSamples();
for (const prefix of folders) rmSync(join(folder, prefix), { recursive: true, force: true });
for (const file of files) {
  mkdirSync(dirname(join(folder, file.path)), { recursive: true });
  writeFileSync(join(folder, file.path), file.bytes);
  console.log(
    `wrote public/samples/${file.path} (${file.bytes.length.toLocaleString('en-US')} bytes)`,
  );
}
writeFileSync(join(folder, 'samples.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log('wrote public/samples/samples.json');

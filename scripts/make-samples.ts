/**
 * `npm run samples`: writes each registered format's demo (`FormatModule.sample`, made by the
 * format's own writer) to public/samples/, and the list *Try a sample* offers to
 * public/samples/samples.json: `[{format, label, files: [path, ...]}]`, paths relative to
 * samples/. A sample of several files (a game folder) goes in a folder named after its format.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FORMATS } from '../src/formats/registry.ts';
import type { FormatModule } from '../src/formats/model.ts';
import { safeRelativePath } from '../src/binary/path-safety.ts';

const folder = join(dirname(fileURLToPath(import.meta.url)), '../public/samples');
const manifest: { format: string; label: string; files: string[] }[] = [];
for (const format of FORMATS as readonly FormatModule[]) {
  if (!format.sample) continue;
  const { label, files } = await format.sample();
  const prefix = files.length > 1 ? `${format.id}/` : '';
  if (prefix) rmSync(join(folder, prefix), { recursive: true, force: true });
  const paths: string[] = [];
  for (const file of files) {
    const path = prefix + safeRelativePath(file.path);
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), file.bytes);
    paths.push(path);
    console.log(
      `wrote public/samples/${path} (${file.bytes.length.toLocaleString('en-US')} bytes)`,
    );
  }
  manifest.push({ format: format.id, label, files: paths });
}
writeFileSync(join(folder, 'samples.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log('wrote public/samples/samples.json');

/**
 * The demos of *Try a sample*: each registered format's `sample()` (made by its own writer),
 * laid out as public/samples/ holds them, with the list the page reads (samples.json:
 * `[{format, label, files: [path, ...]}]`, paths relative to samples/). A sample of several
 * files (a game folder) goes in a folder named after its format. `npm run samples` writes
 * what this returns; a test checks the committed folder against it.
 */
import { safeRelativePath } from '../binary/path-safety.ts';
import type { FormatModule } from './model.ts';
import { FORMATS } from './registry.ts';

export interface SampleListing {
  format: string;
  label: string;
  files: string[];
}

export interface SampleFiles {
  manifest: SampleListing[];
  /** Every file to write, by its path below samples/. */
  files: { path: string; bytes: Uint8Array }[];
  /** Folders that belong to one sample each (emptied before writing). */
  folders: string[];
}

export async function collectSamples(
  formats: readonly FormatModule[] = FORMATS,
): Promise<SampleFiles> {
  const result: SampleFiles = { manifest: [], files: [], folders: [] };
  for (const format of formats) {
    if (!format.sample) continue;
    const { label, files } = await format.sample();
    const prefix = files.length > 1 ? `${format.id}/` : '';
    if (prefix) result.folders.push(prefix);
    const paths = files.map((file) => prefix + safeRelativePath(file.path));
    files.forEach((file, at) => result.files.push({ path: paths[at]!, bytes: file.bytes }));
    result.manifest.push({ format: format.id, label, files: paths });
  }
  return result;
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectSamples } from './samples.ts';

const folder = join(import.meta.dirname, '../../public/samples');

describe('public/samples', () => {
  it('holds what the registered formats make (run npm run samples when this fails)', async () => {
    const { manifest, files } = await collectSamples();
    expect(JSON.parse(readFileSync(join(folder, 'samples.json'), 'utf8'))).toEqual(manifest);
    for (const file of files) {
      const path = join(folder, file.path);
      expect(existsSync(path), file.path).toBe(true);
      expect(Buffer.compare(readFileSync(path), Buffer.from(file.bytes)), file.path).toBe(0);
    }
  });
});

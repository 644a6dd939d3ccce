/**
 * Builds the service worker (src/sw/service-worker.ts) as `sw.js` at the root of the build,
 * and writes into it the list of the app's own files it precaches — the hashed names exist
 * only once the bundle does. The samples of *Try a sample* are in it (a few dozen KiB, made
 * by our own writers), so the demo works offline too; source maps stay out: they serve only
 * developer tools.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

const SW_SOURCE = resolve(import.meta.dirname, '../src/sw/service-worker.ts');
const SW_FILE = 'sw.js';
const PLACEHOLDER = '__DELVE_PRECACHE__';

/** Paths (`/`-separated) of public/ files: icons, the manifest, the samples and their list. */
function publicFiles(publicDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(publicDir, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return names
    .map((name) => name.split(sep).join('/'))
    .filter((name) => statSync(join(publicDir, name)).isFile());
}

function isPrecached(name: string): boolean {
  return name !== SW_FILE && !name.endsWith('.map');
}

export function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'delve-service-worker',
    apply: 'build',
    // After Vite's own plugins, so the bundle holds index.html and the workers' files.
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: SW_SOURCE, fileName: SW_FILE });
    },
    generateBundle(_options, bundle) {
      const sw = bundle[SW_FILE];
      if (sw?.type !== 'chunk') throw new Error(`${SW_FILE} is missing from the bundle`);
      // A classic script: an import would need a module service worker and more requests.
      if (sw.imports.length > 0)
        throw new Error(`${SW_FILE} must not import: ${sw.imports.join(', ')}`);
      const hash = createHash('sha256');
      const files: string[] = [];
      for (const [name, output] of Object.entries(bundle).sort(([a], [b]) => a.localeCompare(b))) {
        if (!isPrecached(name)) continue;
        files.push(name);
        hash.update(name).update(output.type === 'chunk' ? output.code : output.source);
      }
      for (const name of publicFiles(publicDir).sort()) {
        files.push(name);
        hash.update(name).update(readFileSync(join(publicDir, name)));
      }
      const manifest = { version: hash.digest('hex').slice(0, 16), files };
      if (!sw.code.includes(PLACEHOLDER)) throw new Error(`${SW_FILE} lost its ${PLACEHOLDER}`);
      sw.code = sw.code.replace(PLACEHOLDER, JSON.stringify(manifest));
    },
  };
}

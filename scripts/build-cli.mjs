// Bundles the CLI (src/cli/main.ts and every decoder it reaches) into one CommonJS file,
// dist-cli/delve.cjs, the `delve` of package.json's `bin`: Node starts it without compiling
// TypeScript first (and starts CommonJS ~10 ms sooner than an ES module). `npm run cli` still runs the sources through tsx, for development.
//
// Two passes: the first bundle prints the help (made from the registry), the second carries
// that text as a constant, so `delve --help` prints it without loading any decoder.
// `node scripts/build-cli.mjs [OUTFILE]` builds elsewhere (the CLI tests build their own).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const outfile = resolve(
  process.argv[2] ?? fileURLToPath(new URL('../dist-cli/delve.cjs', import.meta.url)),
);

/** Bundles with `help` as the built-in help text (null: none, the help is computed). */
async function bundle(help) {
  await build({
    entryPoints: [fileURLToPath(new URL('../src/cli/main.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Packages' ES module builds first: they tree-shake. hash-wasm's CommonJS build (its
    // `main`) is one UMD function holding every hash, 216 KB that Node compiled at each start.
    mainFields: ['module', 'main'],
    // One file: start-up is one read and one parse; on-demand parts are initialised lazily.
    splitting: false,
    // Less to read and parse at every start (help included).
    minify: true,
    legalComments: 'none',
    banner: { js: '#!/usr/bin/env node' },
    define: help === null ? {} : { DELVE_BUILT_HELP: JSON.stringify(help) },
    logLevel: 'warning',
  });
  chmodSync(outfile, 0o755);
}

await bundle(null);
const help = execFileSync(process.execPath, [outfile, '--help'], { encoding: 'utf8' });
await bundle(help.replace(/\n$/, ''));

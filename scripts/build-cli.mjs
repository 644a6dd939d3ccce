// Bundles the CLI (src/cli/main.ts and every decoder it reaches) into one CommonJS file,
// dist-cli/delve.cjs, the `delve` of package.json's `bin`: Node starts it without compiling
// TypeScript first (and starts CommonJS ~10 ms sooner than an ES module). `npm run cli` still
// runs the sources through tsx, for development.
//
// The file prints its help (made from the registry at build time) without compiling the
// commands: they are kept as text and compiled only when a command runs. Compiling the
// bundle was most of the help's own time (35 of ~45 ms over Node's start).
// `node scripts/build-cli.mjs [OUTFILE]` builds elsewhere (the CLI tests build their own).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const outfile = resolve(
  process.argv[2] ?? fileURLToPath(new URL('../dist-cli/delve.cjs', import.meta.url)),
);
const commandsFile = `${outfile}.commands.cjs`;

await build({
  entryPoints: [fileURLToPath(new URL('../src/cli/main.ts', import.meta.url))],
  outfile: commandsFile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // Packages' ES module builds first: they tree-shake. hash-wasm's CommonJS build (its
  // `main`) is one UMD function holding every hash, 216 KB that Node compiled at each start.
  mainFields: ['module', 'main'],
  // One file: start-up is one read and one parse; on-demand parts are initialised lazily.
  splitting: false,
  // Less to read and compile when a command runs.
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
const help = execFileSync(process.execPath, [commandsFile, '--help'], { encoding: 'utf8' });
const commands = readFileSync(commandsFile, 'utf8');
rmSync(commandsFile);

// The commands' CommonJS module, compiled as a function of the module's own variables.
const PARAMS = ['exports', 'require', 'module', '__filename', '__dirname'];
/** The arguments that ask for help alone (src/cli/run.ts answers the same ones). */
const HELP_WORDS = ['--help', '-h', 'help'];
writeFileSync(
  outfile,
  `#!/usr/bin/env node
"use strict";
const argv = process.argv.slice(2);
if (argv.length === 1 && ${JSON.stringify(HELP_WORDS)}.includes(argv[0])) {
  process.stdout.write(${JSON.stringify(help)});
} else {
  require("node:vm")
    .compileFunction(${JSON.stringify(commands)}, ${JSON.stringify(PARAMS)}, { filename: __filename })
    (exports, require, module, __filename, __dirname);
}
`,
);
chmodSync(outfile, 0o755);

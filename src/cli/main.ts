/**
 * Node entry of the CLI: `delve` (the bundle scripts/build-cli.mjs makes of this file) and
 * `npm run --silent cli -- <command> ...` (these sources, through tsx). A thin wrapper around
 * runCli. Sets the exit code instead of calling process.exit, so pending output drains.
 * (The built file answers `--help` before it compiles this: scripts/build-cli.mjs.)
 */

const argv = process.argv.slice(2);

async function main(): Promise<void> {
  const { runCli } = await import('./run.ts');
  // `npm run` starts scripts in the package root; INIT_CWD is where the user typed the command.
  const cwd =
    process.env.npm_lifecycle_event === 'cli'
      ? (process.env.INIT_CWD ?? process.cwd())
      : process.cwd();
  process.exitCode = await runCli(argv, {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    cwd,
  });
}

// No top-level await: the bundle is CommonJS, which Node starts sooner than a module.
void main();

export {};

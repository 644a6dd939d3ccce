/**
 * Node entry of the CLI: `delve` (the bundle scripts/build-cli.mjs makes of this file) and
 * `npm run --silent cli -- <command> ...` (these sources, through tsx). A thin wrapper around
 * runCli. Sets the exit code instead of calling process.exit, so pending output drains.
 *
 * The bundle carries its help text, made from the registry when it was built: `delve
 * --help` prints it without loading a decoder, so it shows at once. Everything else loads
 * the commands first.
 */

/** The help of the built bundle (a build-time constant); undefined when run from the sources. */
declare const DELVE_BUILT_HELP: string | undefined;

const builtHelp = typeof DELVE_BUILT_HELP === 'string' ? DELVE_BUILT_HELP : undefined;
const argv = process.argv.slice(2);
const asksHelp = argv.length === 1 && ['--help', '-h', 'help'].includes(argv[0]!);

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
if (builtHelp !== undefined && asksHelp) process.stdout.write(`${builtHelp}\n`);
else void main();

export {};

/**
 * Node entry of the CLI (`npm run --silent cli -- <command> ...`): a thin wrapper around
 * runCli. Sets the exit code instead of calling process.exit, so pending output drains.
 */
import { runCli } from './run.ts';

// `npm run` starts scripts in the package root; INIT_CWD is where the user typed the command.
const cwd =
  process.env.npm_lifecycle_event === 'cli'
    ? (process.env.INIT_CWD ?? process.cwd())
    : process.cwd();
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd,
});

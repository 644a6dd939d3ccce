/** Runs the CLI in-process for tests: its output and error lines, and its exit code. */
import { Writable } from 'node:stream';
import { runCli } from '../run.ts';

/** A stream that keeps what is written to it. */
export function collector() {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  return {
    stream,
    bytes: () => new Uint8Array(Buffer.concat(chunks)),
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

/** `cli('ls', 'x.wad')` with `cwd` as the folder it runs in. */
export function cliIn(cwd: string) {
  return async (...argv: string[]) => {
    const stdout = collector();
    const stderr = collector();
    const code = await runCli(argv, { stdout: stdout.stream, stderr: stderr.stream, cwd });
    return {
      code,
      out: stdout.text(),
      bytes: stdout.bytes(),
      errLines: stderr.text().split('\n').filter(Boolean),
    };
  };
}

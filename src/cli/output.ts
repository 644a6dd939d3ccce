/**
 * Output for the CLI: writes that respect backpressure (wait for `drain`) and stop
 * quietly when the reader went away (EPIPE, e.g. `delve ls FILE | head`). Errors the
 * user should see are CliError: one line on stderr and an exit code, never a stack trace.
 */
import type { Writable } from 'node:stream';

/** A failure to report as one line (already prefixed with the file name) and an exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** The output stream closed under us (EPIPE); the run stops without a message. */
export class BrokenPipeError extends Error {
  constructor() {
    super('output closed');
  }
}

export class Output {
  private failure: Error | null = null;

  constructor(private readonly stream: Writable) {
    stream.on('error', (error: Error) => {
      this.failure = error;
    });
  }

  /** Writes and waits for `drain` when the stream's buffer is full. */
  async write(chunk: string | Uint8Array): Promise<void> {
    if (this.failure || this.stream.destroyed) throw new BrokenPipeError();
    if (this.stream.write(chunk)) return;
    await new Promise<void>((resolve, reject) => {
      const finish = (error: Error | null) => {
        this.stream.off('drain', onDrain);
        this.stream.off('error', onError);
        this.stream.off('close', onClose);
        if (error) reject(new BrokenPipeError());
        else resolve();
      };
      const onDrain = () => finish(null);
      const onError = (error: Error) => finish(error);
      const onClose = () => finish(new Error('closed'));
      this.stream.on('drain', onDrain);
      this.stream.on('error', onError);
      this.stream.on('close', onClose);
    });
  }

  /** Writes one line (a newline is added). */
  line(text: string): Promise<void> {
    return this.write(text + '\n');
  }

  /** Writes output made in chunks (each ends with its own newline). */
  async chunks(chunks: Iterable<string | Uint8Array>): Promise<void> {
    for (const chunk of chunks) await this.write(chunk);
  }

  /** Writes many lines in chunks, so a million-entry listing neither blocks nor buffers whole. */
  async lines(items: Iterable<string>, linesPerChunk = 2000): Promise<void> {
    let chunk: string[] = [];
    for (const item of items) {
      chunk.push(item);
      if (chunk.length >= linesPerChunk) {
        await this.write(chunk.join('\n') + '\n');
        chunk = [];
      }
    }
    if (chunk.length > 0) await this.write(chunk.join('\n') + '\n');
  }
}

/** Makes any text safe for a single stderr line. */
export function oneLine(text: string): string {
  return printable(text.replace(/[\r\n]+/g, ' ').trim());
}

// eslint-disable-next-line no-control-regex -- escaping control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

/** A file-derived string made safe for a terminal: control characters as `\xNN`. */
export function printable(text: string): string {
  const escape = (char: string) => '\\x' + char.charCodeAt(0).toString(16).padStart(2, '0');
  return text.replace(CONTROL_CHARS, escape);
}

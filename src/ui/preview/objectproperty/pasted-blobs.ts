/**
 * What Decode does with the box's form: the bytes are first decoded by the open file's view
 * (the `check-blob` question), and open as a file of their own (a new row, selected) only
 * when they decode. A blob that does not decode adds no row: its error, with its byte and
 * bit, stays beside the form the user pasted it in, to correct the options and decode again.
 * "Open anyway" still opens it, to see what was read before the error and its bytes; such a
 * failed blob gives way (and its name) to the next pasted blob opened, so attempts do not
 * pile up in the tree. Blobs that decoded stay.
 */
import type { OpenAs, OpenFile } from '../../../state/types.ts';
import type { ErrorInfo, Result } from '../../../worker/rpc/api.ts';
import type { ObjectPropertyBlobCheck } from '../../../formats/objectproperty/types.ts';
import { blobInputOf, type BlobOptions } from './blob-form.ts';
import { OBJECT_PROPERTY_FORMAT } from './view-types.ts';

/** What the controller needs of the app; the page's is built in DecodeBlob.tsx. */
export interface PastedBlobHost {
  /** Asks the open file's view whether the bytes decode with the settings. */
  check(
    fileId: string,
    bytes: Uint8Array,
    settings: Record<string, string>,
  ): Promise<Result<ObjectPropertyBlobCheck>>;
  /** Opens bytes as a file of the format with its settings, selected (`openBytesAs`). */
  open(name: string, bytes: Uint8Array, openAs: OpenAs): Promise<void>;
  /** The files open now. */
  files(): readonly Pick<OpenFile, 'id' | 'name' | 'parentId' | 'status' | 'openAs'>[];
  close(fileId: string): void;
}

/** Bytes and settings that were sent: what "Open anyway" opens. */
export interface BlobAttempt {
  bytes: Uint8Array;
  settings: Record<string, string>;
}

export type BlobOutcome =
  /** The form cannot be sent (unreadable hex, no bytes, flags not a number): nothing decoded. */
  | { kind: 'problem'; message: string }
  /** The bytes do not decode with these options: nothing opened. */
  | { kind: 'failed'; error: ErrorInfo; attempt: BlobAttempt }
  /** Opened as a file of this name (selected). */
  | { kind: 'opened'; name: string };

export interface PastedBlobs {
  decode(fileId: string, options: BlobOptions): Promise<BlobOutcome>;
  /** Opens bytes that did not decode, as a file that shows their error and what was read. */
  openAnyway(attempt: BlobAttempt): Promise<string>;
}

export function createPastedBlobs(host: PastedBlobHost): PastedBlobs {
  /** Names of the blobs opened so far: each gets one of its own, `pasted blob N.bin`. */
  const names = new Set<string>();
  let count = 0;

  /** Opens the bytes in the place of any pasted blob that failed, under its name. */
  async function open({ bytes, settings }: BlobAttempt): Promise<string> {
    const failed = host
      .files()
      .filter(
        (file) =>
          file.parentId === null &&
          file.status === 'failed' &&
          file.openAs?.format === OBJECT_PROPERTY_FORMAT &&
          names.has(file.name),
      );
    for (const file of failed) host.close(file.id);
    let name = failed[0]?.name;
    if (name === undefined) {
      count += 1;
      name = `pasted blob ${count}.bin`;
    }
    names.add(name);
    await host.open(name, bytes, { format: OBJECT_PROPERTY_FORMAT, settings });
    return name;
  }

  return {
    async decode(fileId, options) {
      const input = blobInputOf(options);
      if (!input.ok) return { kind: 'problem', message: input.problem };
      const attempt: BlobAttempt = { bytes: input.bytes, settings: input.settings };
      const answer = await host.check(fileId, input.bytes, input.settings);
      // A view that cannot answer (its worker stopped) decides nothing: the file's own open will.
      if (answer.ok && answer.value.error !== null) {
        return { kind: 'failed', error: answer.value.error, attempt };
      }
      return { kind: 'opened', name: await open(attempt) };
    },
    openAnyway: open,
  };
}

/**
 * The *Decode blob* box: hex pasted from a packet capture and the serializer options the
 * bytes do not say (shallow or deep, flags, property mask, a manual zlib layer). Decode asks
 * the open file's view whether the bytes decode, then opens them as a file of their own
 * through the same worker path as any file, as the CLI's `info --shallow --flags …` does:
 * a new row in the tree, selected, with its objects. Bytes that do not decode add no row:
 * the error, naming its byte and bit, shows here under the form, to correct and decode
 * again; "Open anyway" opens them to see what was read (pasted-blobs.ts). The form is the
 * page's, not the file's (blob-form.ts): the new file's pane shows the text and options used.
 */
import { useId, useRef, useState, useSyncExternalStore, type ReactElement } from 'react';
import { delve } from '../../../state/app.ts';
import { askView } from '../../../state/hooks.ts';
import type { ObjectPropertyBlobCheck } from '../../../formats/objectproperty/types.ts';
import { DecodeActions, PasteArea } from '../PasteToDecode.tsx';
import { errorWithOffset } from '../ViewFailure.tsx';
import { blobForm as form } from './blob-form.ts';
import { CheckField, TextField } from './fields.tsx';
import { createPastedBlobs, type BlobAttempt, type BlobOutcome } from './pasted-blobs.ts';
import type { Query } from './view-types.ts';

/** The page's pasted blobs: checked by the file's view, opened and closed by the app's actions. */
const pastedBlobs = createPastedBlobs({
  check: (fileId, bytes, settings) =>
    askView<ObjectPropertyBlobCheck>(fileId, {
      kind: 'check-blob',
      bytes,
      settings,
    } satisfies Query),
  open: (name, bytes, openAs) => delve.actions.openBytesAs(name, bytes, openAs),
  files: () => delve.stores.files.getState().files,
  close: (fileId) => delve.actions.closeFile(fileId),
});

export function DecodeBlob({ fileId }: { fileId: string }): ReactElement {
  const id = useId();
  const options = useSyncExternalStore(form.subscribe, form.get, form.get);
  const [outcome, setOutcome] = useState<BlobOutcome | null>(null);
  const [isDecoding, setIsDecoding] = useState(false);
  // A second press (or Ctrl+Enter) while one decode runs is not a second blob.
  const isRunning = useRef(false);

  const run = (job: () => Promise<BlobOutcome | null>) => {
    if (isRunning.current) return;
    isRunning.current = true;
    setIsDecoding(true);
    setOutcome(null);
    void job().then((result) => {
      isRunning.current = false;
      setIsDecoding(false);
      setOutcome(result);
    });
  };
  const decode = () => run(() => pastedBlobs.decode(fileId, form.get()));
  const openAnyway = (attempt: BlobAttempt) =>
    run(async () => {
      await pastedBlobs.openAnyway(attempt);
      return null;
    });

  return (
    <section className="view-box" aria-labelledby={`${id}-title`} data-testid="op-decode">
      <h3 id={`${id}-title`} className="view-subtitle">
        Decode blob
      </h3>
      <label htmlFor={`${id}-hex`} className="op-label">
        Blob bytes in hex, as a packet capture shows them; once they decode, they open as a file of
        their own.
      </label>
      <PasteArea
        id={`${id}-hex`}
        testId="op-hex-input"
        value={options.hex}
        placeholder="01 00 00 00 B7 85 8B 01 …"
        onChange={(hex) => form.set({ hex })}
        onDecode={decode}
      />
      <fieldset className="op-options">
        <legend>Serializer</legend>
        <CheckField
          label="Shallow (no property hashes and sizes)"
          testId="op-shallow"
          checked={options.isShallow}
          onChange={(isShallow) => form.set({ isShallow })}
        />
        <TextField
          label="Flags"
          testId="op-flags"
          isShort
          value={options.flags}
          onChange={(flags) => form.set({ flags })}
        />
        <TextField
          label="Property mask"
          testId="op-mask"
          isShort
          value={options.mask}
          onChange={(mask) => form.set({ mask })}
        />
        <CheckField
          label="Manual compression (u32 size, then zlib)"
          testId="op-manual-compression"
          checked={options.isManuallyCompressed}
          onChange={(isManuallyCompressed) => form.set({ isManuallyCompressed })}
        />
      </fieldset>
      <DecodeActions testId="op-decode-button" onDecode={decode} />
      {isDecoding && (
        <p className="muted op-label" role="status" aria-busy="true" data-testid="op-decoding">
          Decoding…
        </p>
      )}
      {outcome && <BlobOutcomeNote outcome={outcome} onOpenAnyway={openAnyway} />}
    </section>
  );
}

/** Why the last Decode opened nothing: the form's problem, or the decode's error at its byte. */
export function BlobOutcomeNote({
  outcome,
  onOpenAnyway,
}: {
  outcome: BlobOutcome;
  onOpenAnyway(attempt: BlobAttempt): void;
}): ReactElement | null {
  if (outcome.kind === 'opened') return null;
  if (outcome.kind === 'problem') {
    return (
      <p className="error-text" role="alert" data-testid="op-decode-error">
        {outcome.message}
      </p>
    );
  }
  return (
    <>
      <p className="error-text" role="alert" data-testid="op-decode-error">
        The blob did not decode with these options: {errorWithOffset(outcome.error)}
      </p>
      <div className="view-actions">
        <span className="muted view-hint">Correct the options or the hex and decode again, or</span>
        <button
          type="button"
          className="button button-small"
          data-testid="op-open-anyway"
          title="Open the bytes as a file of their own, to see what was read before the error and their hex"
          onClick={() => onOpenAnyway(outcome.attempt)}
        >
          Open anyway
        </button>
      </div>
    </>
  );
}

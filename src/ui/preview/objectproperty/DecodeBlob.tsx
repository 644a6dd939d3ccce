/**
 * The *Decode blob* box: hex pasted from a packet capture and the serializer options the
 * bytes do not say (shallow or deep, flags, property mask, a manual zlib layer). Decode opens
 * the bytes as a file of their own through the same worker path as any file, as the CLI's
 * `info --shallow --flags …` does: the result is a new row in the tree, selected, with its
 * objects, or with the error naming its byte and bit. The text and options are kept while
 * the file is open.
 */
import { useEffect, useId, useState, type ReactElement } from 'react';
import { fileMemory, useActions } from '../../../state/hooks.ts';
import { formatCount } from '../../format.ts';
import { DecodeActions, PasteArea } from '../PasteToDecode.tsx';
import { CheckField, TextField } from './fields.tsx';
import { parseHex } from './parse-hex.ts';
import { OBJECT_PROPERTY_FORMAT } from './view-types.ts';

const SLOT = 'op-decode-blob';

export interface BlobOptions {
  hex: string;
  isShallow: boolean;
  flags: string;
  mask: string;
  isManuallyCompressed: boolean;
}

/** The network's usual serializer: deep, flags 0, mask TRANSMIT | PRIVILEGED_TRANSMIT. */
const DEFAULTS: BlobOptions = {
  hex: '',
  isShallow: false,
  flags: '0',
  mask: '0x18',
  isManuallyCompressed: false,
};

/** The options as the format's settings (the CLI's option names). */
export function settingsOf(options: BlobOptions): Record<string, string> {
  return {
    ...(options.isShallow ? { shallow: 'true' } : {}),
    flags: options.flags.trim(),
    mask: options.mask.trim(),
    ...(options.isManuallyCompressed ? { 'manual-compression': 'true' } : {}),
  };
}

/** Pasted blobs opened so far: each gets a name of its own. */
let blobCount = 0;

export function DecodeBlob({ fileId }: { fileId: string }): ReactElement {
  const id = useId();
  const { openBytesAs } = useActions();
  const [options, setOptions] = useState<BlobOptions>(
    () => fileMemory.recall<BlobOptions>(fileId, SLOT) ?? DEFAULTS,
  );
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => fileMemory.remember(fileId, SLOT, options), [fileId, options]);
  const set = (change: Partial<BlobOptions>) => setOptions((before) => ({ ...before, ...change }));

  const decode = () => {
    const parsed = parseHex(options.hex);
    if (!parsed.ok) {
      setProblem(
        `The hex cannot be read at character ${formatCount(parsed.at)}: ${parsed.detail}.`,
      );
      return;
    }
    setProblem(null);
    blobCount += 1;
    void openBytesAs(`pasted blob ${blobCount}.bin`, parsed.bytes, {
      format: OBJECT_PROPERTY_FORMAT,
      settings: settingsOf(options),
    });
  };

  return (
    <section className="view-box" aria-labelledby={`${id}-title`} data-testid="op-decode">
      <h3 id={`${id}-title`} className="view-subtitle">
        Decode blob
      </h3>
      <label htmlFor={`${id}-hex`} className="op-label">
        Blob bytes in hex, as a packet capture shows them; they open as a file of their own.
      </label>
      <PasteArea
        id={`${id}-hex`}
        testId="op-hex-input"
        value={options.hex}
        placeholder="01 00 00 00 B7 85 8B 01 …"
        onChange={(hex) => set({ hex })}
        onDecode={decode}
      />
      <fieldset className="op-options">
        <legend>Serializer</legend>
        <CheckField
          label="Shallow (no property hashes and sizes)"
          testId="op-shallow"
          checked={options.isShallow}
          onChange={(isShallow) => set({ isShallow })}
        />
        <TextField
          label="Flags"
          testId="op-flags"
          isShort
          value={options.flags}
          onChange={(flags) => set({ flags })}
        />
        <TextField
          label="Property mask"
          testId="op-mask"
          isShort
          value={options.mask}
          onChange={(mask) => set({ mask })}
        />
        <CheckField
          label="Manual compression (u32 size, then zlib)"
          testId="op-manual-compression"
          checked={options.isManuallyCompressed}
          onChange={(isManuallyCompressed) => set({ isManuallyCompressed })}
        />
      </fieldset>
      <DecodeActions testId="op-decode-button" onDecode={decode} />
      {problem && (
        <p className="error-text" role="alert" data-testid="op-decode-error">
          {problem}
        </p>
      )}
    </section>
  );
}

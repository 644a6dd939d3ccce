/**
 * The *Decode frame* box: hex pasted from a capture (`0D F0 11 00 …`, runs or pairs, `0x`
 * prefixes, commas and line breaks all fine), decoded in the worker against the file's
 * protocol when Decode is pressed (or Ctrl+Enter in the box). The text and the last decoded
 * hex are kept while the file is open, so coming back to the file shows the same frames.
 */
import { useEffect, useId, useState, type ReactElement } from 'react';
import { fileMemory, useViewAnswer } from '../../../state/hooks.ts';
import { DecodeActions, PasteArea } from '../PasteToDecode.tsx';
import { FrameDecodeView } from './FrameDecodeView.tsx';
import { decodeQuery, type FrameDecode, type ProtocolSummary } from './view-types.ts';

const TEXT_SLOT = 'msgs-frame-text';
const DECODED_SLOT = 'msgs-frame-decoded';

/** The spec's GAME MSG_CLIENTMOVE frame: an example in the placeholder. */
const EXAMPLE = '0D F0 11 00 00 00 00 00 05 24 0C 00 01 00 02 00 03 00 04 00 00';

export function DecodeFrame({
  fileId,
  protocol,
}: {
  fileId: string;
  protocol: ProtocolSummary;
}): ReactElement {
  const id = useId();
  const [text, setText] = useState(() => fileMemory.recall<string>(fileId, TEXT_SLOT) ?? '');
  const [decoded, setDecoded] = useState(
    () => fileMemory.recall<string>(fileId, DECODED_SLOT) ?? null,
  );
  const answer = useViewAnswer<FrameDecode>(fileId, decoded === null ? null : decodeQuery(decoded));

  useEffect(() => fileMemory.remember(fileId, TEXT_SLOT, text), [fileId, text]);
  useEffect(() => fileMemory.remember(fileId, DECODED_SLOT, decoded), [fileId, decoded]);

  const decode = () => setDecoded(text);
  return (
    <section
      className="view-box msgs-decode"
      aria-labelledby={`${id}-title`}
      data-testid="msgs-decode"
    >
      <h3 id={`${id}-title`} className="view-subtitle">
        Decode frame
      </h3>
      <label htmlFor={`${id}-hex`} className="msgs-note">
        Frame bytes in hex, as a capture shows them; messages of service {protocol.serviceId} are
        decoded with {protocol.name}, others stay raw.
      </label>
      <PasteArea
        id={`${id}-hex`}
        testId="msgs-hex-input"
        value={text}
        placeholder={EXAMPLE}
        onChange={setText}
        onDecode={decode}
      />
      <DecodeActions testId="msgs-decode-button" onDecode={decode} />
      {decoded !== null &&
        (answer.status === 'loading' ? (
          <p className="muted msgs-note" role="status" aria-busy="true">
            Decoding…
          </p>
        ) : answer.status === 'error' ? (
          <p className="error-text" role="alert" data-testid="msgs-decode-error">
            The decode failed: {answer.error.message}
          </p>
        ) : (
          <FrameDecodeView answer={answer.value} />
        ))}
    </section>
  );
}

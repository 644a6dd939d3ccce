/**
 * What a pasted frame decoded to: each frame's header (small or large, its body's length),
 * control (with its opcode) or data, and each DML message — service and protocol, order and
 * name, length, the fields by name with their values, or its bytes raw where no protocol
 * describes it — then its issues. An error says where it is: the character of the text for
 * hex that is not hex, the byte of the pasted bytes for bytes that are not a frame. Offsets
 * are in the pasted bytes. Every decoded string is rendered as text.
 */
import type { ReactElement } from 'react';
import { FactList } from '../../details/FactList.tsx';
import { asSentence, formatCount, formatCountOf, formatOffset } from '../../format.ts';
import type { FrameDecode, FrameResult, MessageResult } from './view-types.ts';

/** `0x8–0x13`: a span's first and last byte. */
function spanText({ offset, length }: { offset: number; length: number }): string {
  return length === 0
    ? `empty at ${formatOffset(offset)}`
    : `${formatOffset(offset)}–${formatOffset(offset + length - 1)}`;
}

/** Where decoding stopped, in words a person can act on. */
export function decodeErrorText(error: NonNullable<FrameDecode['error']>): string {
  if (error.in === 'empty') return asSentence(error.detail);
  return error.in === 'text'
    ? `The hex cannot be read at character ${formatCount(error.offset)}: ${error.detail}`
    : `Not a frame at byte ${formatCount(error.offset)} (${formatOffset(error.offset)}) of the pasted bytes: ${error.detail}`;
}

export function FrameDecodeView({ answer }: { answer: FrameDecode }): ReactElement {
  const { frames, error } = answer;
  const against = answer.protocols
    .map((protocol) => `${protocol.name} (service ${protocol.serviceId})`)
    .join(', ');
  return (
    <div className="msgs-result" data-testid="msgs-result">
      <p className="msgs-note" role="status" data-testid="msgs-result-count">
        {frames.length === 0
          ? 'No frame decoded'
          : `${formatCountOf(frames.length, 'frame')} decoded from ${formatCountOf(answer.byteCount, 'byte')}`}
        {against !== '' && `, against ${against}`}.
      </p>
      {frames.map((frame, index) => (
        <FrameView key={frame.span.offset} frame={frame} index={index} />
      ))}
      {answer.framesLeft && (
        <p className="muted msgs-note">
          The first {formatCount(frames.length)} frames are shown; paste fewer to see the rest.
        </p>
      )}
      {error && (
        <p
          className="error-text"
          role="alert"
          data-testid="msgs-frame-error"
          data-in={error.in}
          data-offset={error.offset}
        >
          {decodeErrorText(error)}
        </p>
      )}
    </div>
  );
}

function FrameView({ frame, index }: { frame: FrameResult; index: number }): ReactElement {
  const { header } = frame;
  const kind = frame.isControl
    ? `control, opcode ${frame.opcode}${frame.opcodeName === null ? ' (unknown)' : ` ${frame.opcodeName}`}`
    : 'data';
  return (
    <article
      className="msgs-frame"
      data-testid="msgs-frame"
      aria-label={`Frame ${index + 1}`}
      data-kind={frame.isControl ? 'control' : 'data'}
    >
      <h4 className="msgs-frame-title">
        Frame {index + 1} <span className="muted">{spanText(frame.span)}</span>
      </h4>
      <FactList
        facts={[
          [
            'Header',
            `${header.kind}, ${formatCountOf(header.span.length, 'byte')}: a body of ${formatCountOf(header.length, 'byte')}`,
          ],
          ['Frame', kind],
          ...(frame.isControl
            ? [['Data', frame.data ?? 'none'] as [string, string]]
            : [['Messages', formatCount(frame.messages.length)] as [string, string]]),
        ]}
      />
      {frame.messages.map((message, at) => (
        <MessageView key={message.span.offset} message={message} index={at} />
      ))}
      {frame.issues.length > 0 && (
        <ul className="msgs-issues" aria-label="Issues">
          {frame.issues.map((issue, at) => (
            <li key={at} data-testid="msgs-frame-issue" data-code={issue.code}>
              {issue.severity} {issue.code}
              {issue.span && ` at ${formatOffset(issue.span.offset)}`}: {issue.message}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function MessageView({ message, index }: { message: MessageResult; index: number }): ReactElement {
  const service =
    message.protocol === null ? `${message.service}` : `${message.service} ${message.protocol}`;
  const order = `${message.order} (${formatOffset(message.order)})${message.name === null ? '' : ` ${message.name}`}`;
  return (
    <section
      className="msgs-message"
      data-testid="msgs-frame-message"
      aria-label={`Message ${index + 1}${message.name === null ? '' : ` ${message.name}`}`}
    >
      <FactList
        facts={[
          ['Service', service],
          ['Order', order],
          [
            'Length',
            `${formatCountOf(message.length, 'byte')}, its 4-byte header included${message.hasTrailer ? ', then the trailing 00' : ''}`,
          ],
          ['Bytes', spanText(message.span)],
        ]}
      />
      {message.fields.length > 0 && (
        <table className="view-table msgs-table msgs-fields" data-testid="msgs-fields">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Type</th>
              <th scope="col">Value</th>
              <th scope="col">Bytes</th>
            </tr>
          </thead>
          <tbody>
            {message.fields.map((field) => (
              <tr key={field.span.offset} data-testid="msgs-field" data-name={field.name}>
                <th scope="row">{field.name}</th>
                <td>{field.type}</td>
                <td className="msgs-value">{field.text}</td>
                <td className="msgs-offset">{spanText(field.span)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {message.raw !== null && message.rawSpan && (
        <div className="msgs-raw" data-testid="msgs-raw">
          <span className="muted">
            {message.protocol === null
              ? `No loaded protocol has service ${message.service}: its payload, raw`
              : message.name === null
                ? `${message.protocol} has no message of order ${message.order}: its payload, raw`
                : 'Not decoded'}{' '}
            ({spanText(message.rawSpan)})
          </span>
          <code className="msgs-hex">{message.raw}</code>
        </div>
      )}
    </section>
  );
}

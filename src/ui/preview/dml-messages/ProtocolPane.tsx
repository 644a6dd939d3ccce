/**
 * A protocol file's own pane (the file pane of this folder's plug-in): what the protocol is
 * (service id, type, version, description), its messages by order — each a button that
 * selects its node in the tree — and the *Decode frame* box.
 */
import type { ReactElement } from 'react';
import { useActions } from '../../../state/hooks.ts';
import { FactList } from '../../details/FactList.tsx';
import { formatCount, formatCountOf, formatOffset } from '../../format.ts';
import { DocumentViewGate } from '../DocumentViewGate.tsx';
import { DecodeFrame } from './DecodeFrame.tsx';
import { protocolSummaryOf, type MessageSummary, type ProtocolSummary } from './view-types.ts';

export function ProtocolPane({ fileId }: { fileId: string }): ReactElement {
  return (
    <DocumentViewGate
      fileId={fileId}
      className="view-pane msgs-view"
      testId="msgs-view"
      what="the protocol"
      isNot="is not a protocol file"
      check={protocolSummaryOf}
    >
      {(summary, fileName) => (
        <section
          className="view-pane msgs-view"
          data-testid="msgs-view"
          data-state="ready"
          aria-label={`Protocol ${summary.name} in ${fileName}`}
        >
          <h2 className="details-title">Protocol {summary.name}</h2>
          <ProtocolFacts summary={summary} />
          <DecodeFrame key={fileId} fileId={fileId} protocol={summary} />
          <MessageTable fileId={fileId} messages={summary.messages} />
        </section>
      )}
    </DocumentViewGate>
  );
}

function ProtocolFacts({ summary }: { summary: ProtocolSummary }): ReactElement {
  return (
    <section data-testid="msgs-protocol" aria-label="Protocol">
      <FactList
        facts={[
          ['Service ID', `${summary.serviceId} (${formatOffset(summary.serviceId)})`],
          ['Type', summary.type],
          ['Version', summary.version === null ? '—' : String(summary.version)],
          ['Description', summary.description],
          ['Messages', formatCount(summary.messages.length)],
          ['Issues', summary.issueCount === 0 ? 'none' : formatCount(summary.issueCount)],
        ]}
      />
    </section>
  );
}

/** `X USHRT, Y USHRT`: a message's fields in a line. */
export const fieldsLine = (message: MessageSummary) =>
  message.fields.map((field) => `${field.name} ${field.typeName}`).join(', ');

function MessageTable({
  fileId,
  messages,
}: {
  fileId: string;
  messages: readonly MessageSummary[];
}): ReactElement {
  const { revealPath } = useActions();
  if (messages.length === 0) return <p className="muted">The protocol has no messages.</p>;
  return (
    <table className="view-table msgs-table" data-testid="msgs-messages">
      <caption className="msgs-caption">Messages by order</caption>
      <thead>
        <tr>
          <th scope="col" className="msgs-num">
            Order
          </th>
          <th scope="col">Name</th>
          <th scope="col" className="msgs-num">
            Fields
          </th>
        </tr>
      </thead>
      <tbody>
        {messages.map((message) => (
          <tr key={message.path} data-testid="msgs-message" data-order={message.order}>
            <td className="msgs-num" title={formatOffset(message.order)}>
              {message.order}
            </td>
            <th scope="row">
              <button
                type="button"
                className="view-link"
                title={[message.description ?? '', fieldsLine(message)].filter(Boolean).join('\n')}
                onClick={() => void revealPath(fileId, message.path)}
              >
                {message.name}
              </button>
            </th>
            <td className="msgs-num" title={fieldsLine(message)}>
              {formatCountOf(message.fields.length, 'field')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

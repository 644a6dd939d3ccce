/**
 * Every fact the worker has about one node: where its bytes are, its sizes, checksum and
 * table record, then the format's own fields. Read through the state layer's cache, which
 * reads it again when a verify changes checksum states or a source is added.
 */
import type { ReactElement } from 'react';
import { useDetectedFormat, useEntryDetails } from '../../state/hooks.ts';
import type { EntryDetails } from '../../worker/rpc/api.ts';
import { formatExactBytes, formatHex32, formatOffset, formatRatio, formatSize } from '../format.ts';
import { FactList, type Fact } from './FactList.tsx';

function spanFact(label: string, span: { offset: number; length: number }): Fact {
  return [
    label,
    `${formatOffset(span.offset)}, ${formatExactBytes(span.length)}`,
    `${span.offset.toLocaleString('en-US')}`,
  ];
}

function facts(details: EntryDetails): Fact[] {
  const list: Fact[] = [
    ['Path', details.path],
    ['Node', `#${details.index} (${details.kind})`],
    spanFact(
      details.spanBase === 'logical'
        ? 'Bytes, decoded'
        : details.spanSource
          ? `Bytes in ${details.spanSource}`
          : 'Bytes in the file',
      details.span,
    ),
    ['Size', formatSize(details.size), formatExactBytes(details.size)],
    ['Stored size', formatSize(details.storedSize), formatExactBytes(details.storedSize)],
  ];
  if (details.kind === 'entry') {
    list.push(
      ['Ratio', formatRatio(details.storedSize, details.size)],
      ['Compressed', details.isCompressed ? 'yes' : 'no'],
    );
  }
  if (details.checksum !== null) {
    list.push(['Stored checksum', formatHex32(details.checksum)], ['Checksum', details.status]);
  }
  if (details.record !== null) {
    const where = details.recordSource ? ` (in ${details.recordSource})` : '';
    list.push(spanFact(`Table record${where}`, details.record));
  }
  return list;
}

export function EntryDetailsView({
  fileId,
  entryIndex,
}: {
  fileId: string;
  entryIndex: number;
}): ReactElement {
  const details = useEntryDetails(fileId, entryIndex);
  // What the content would open as (a nested open); only entries have content of their own.
  const isEntry = details.status === 'ok' && details.value.kind === 'entry';
  const detected = useDetectedFormat(isEntry ? fileId : null, entryIndex);
  if (details.status === 'loading') return <p className="muted">Reading details…</p>;
  if (details.status === 'error') {
    return (
      <p className="error-text" role="alert">
        Could not read the details of node #{entryIndex}: {details.error.message}
      </p>
    );
  }
  const { fields } = details.value;
  return (
    <>
      <FactList
        facts={[
          ...facts(details.value),
          ...(detected.status === 'ok' && detected.value !== null
            ? [['Content format', detected.value.label] satisfies Fact]
            : []),
        ]}
      />
      {fields.length > 0 && (
        <>
          {/* The format's own view of the node: raw field values, some repeating the above. */}
          <h3 className="details-subtitle">Fields</h3>
          <FactList facts={fields} />
        </>
      )}
    </>
  );
}

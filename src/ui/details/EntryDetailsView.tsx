/** Every fact the worker has about one entry: where it is, its sizes, CRC and table record. */
import { useEffect, useState, type ReactElement } from 'react';
import type { EntryDetails, EntryStatus, ErrorInfo } from '../../worker/rpc/api.ts';
import type { FileDecoder } from '../../worker/rpc/client.ts';
import { formatExactBytes, formatHex32, formatOffset, formatRatio, formatSize } from '../format.ts';
import { FactList, type Fact } from './FactList.tsx';

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; details: EntryDetails }
  | { status: 'error'; error: ErrorInfo };

function facts(details: EntryDetails): Fact[] {
  const list: Fact[] = [
    ['Path', details.path],
    ['Entry', `#${details.entryIndex}`],
    [
      'Data offset',
      formatOffset(details.dataOffset),
      `${details.dataOffset.toLocaleString('en-US')}`,
    ],
    ['Size', formatSize(details.size), formatExactBytes(details.size)],
    ['Stored size', formatSize(details.storedSize), formatExactBytes(details.storedSize)],
    ['Ratio', formatRatio(details.storedSize, details.size)],
    ['Compressed', details.isCompressed ? 'yes (zlib)' : 'no'],
    ['Stored CRC', details.crc === null ? '—' : formatHex32(details.crc)],
    ['Checksum', details.status],
    [
      'Table record',
      `${formatOffset(details.recordOffset)}, ${formatExactBytes(details.recordLength)}`,
    ],
  ];
  return list;
}

export function EntryDetailsView({
  decoder,
  entryIndex,
  status,
}: {
  decoder: FileDecoder;
  entryIndex: number;
  /** The row's checksum status: details are read again when a verify changes it. */
  status: EntryStatus;
}): ReactElement {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    let isCurrent = true;
    decoder.entryDetails(entryIndex).then(
      (result) => {
        if (!isCurrent) return;
        setLoaded(
          result.ok
            ? { status: 'ready', details: result.value }
            : { status: 'error', error: result.error },
        );
      },
      (error: unknown) => {
        if (!isCurrent) return;
        const message = error instanceof Error ? error.message : String(error);
        setLoaded({
          status: 'error',
          error: { code: 'INTERNAL', message, offset: null, format: '', path: '' },
        });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [decoder, entryIndex, status]);

  if (loaded.status === 'loading') return <p className="muted">Reading details…</p>;
  if (loaded.status === 'error') {
    return (
      <p className="error-text" role="alert">
        Could not read the details of entry #{entryIndex}: {loaded.error.message}
      </p>
    );
  }
  const { fields } = loaded.details;
  return (
    <>
      <FactList facts={facts(loaded.details)} />
      {fields.length > 0 && (
        <>
          {/* The format's own view of the record: raw field values, some repeating the above. */}
          <h3 className="details-subtitle">Table record fields</h3>
          <FactList facts={fields} />
        </>
      )}
    </>
  );
}

/**
 * Text preview: the first TEXT_CAP bytes, decoded (UTF-8, else windows-1252), with JSON and
 * XML pretty-printed when they parse (formatter.ts says when that is tried). Rendered as text
 * in a <pre>, never as HTML.
 */
import { useEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { useContentRange } from '../../../state/hooks.ts';
import type { ContentRef } from '../../../worker/rpc/api.ts';
import { contentKey } from '../decoder-key.ts';
import { formatExactBytes } from '../../format.ts';
import { decodeText, textSpanOfBytes, type DecodedText, type TextSpan } from './decode-text.ts';
import { formatterFor } from './formatter.ts';
import '../preview.css';

/** Bytes read for the text view: enough for any config file, small enough to render at once. */
export const TEXT_CAP = 1024 * 1024;

export interface TextViewProps {
  fileId: string;
  ref: ContentRef;
  /** Name of the entry, for its extension (JSON / XML formatting). */
  name: string;
  /**
   * Content bytes `[offset, offset + length)` to mark and scroll to (a search in contents'
   * match): the text then starts as it is, not pretty-printed, so the bytes map to it.
   */
  mark?: { offset: number; length: number } | undefined;
}

interface Decoded {
  decoded: DecodedText;
  /** Where `mark` lies in the text as it is; null: none, or not in the text shown. */
  markSpan: TextSpan | null;
  shownBytes: number;
  totalSize: number;
  warning: string | null;
}

export function TextView(props: TextViewProps): ReactElement {
  return <TextViewBody key={contentKey(props.fileId, props.ref)} {...props} />;
}

function TextViewBody({ fileId, ref, name, mark }: TextViewProps): ReactElement {
  const range = useContentRange(fileId, ref, 0, TEXT_CAP);
  const [isFormatted, setIsFormatted] = useState(mark === undefined);
  const [isWrapped, setIsWrapped] = useState(false);
  const markOffset = mark?.offset;
  const markLength = mark?.length;
  const loaded = useMemo((): Decoded | null => {
    if (range.status !== 'ok') return null;
    const { bytes, totalSize, warning } = range.value;
    const decoded = decodeText(bytes, bytes.length < totalSize);
    const markSpan =
      markOffset === undefined || markLength === undefined
        ? null
        : textSpanOfBytes(bytes, decoded, markOffset, markLength);
    return { decoded, markSpan, shownBytes: bytes.length, totalSize, warning };
  }, [range, markOffset, markLength]);
  const markRef = useRef<HTMLElement>(null);

  const text = loaded?.decoded.text ?? '';
  const formatter = useMemo(() => formatterFor(name, text), [name, text]);
  const formatted = useMemo(
    () => (formatter === null ? null : formatter.format(text)),
    [formatter, text],
  );
  const isShownAsIs = formatted === null || !isFormatted;
  const markSpan = isShownAsIs ? (loaded?.markSpan ?? null) : null;
  useEffect(() => {
    markRef.current?.scrollIntoView({ block: 'center', inline: 'nearest' });
  }, [markSpan]);

  if (range.status === 'error') {
    return (
      <div className="text-view" data-testid="text-view">
        <p className="preview-error" role="alert">
          {range.error.message}
        </p>
      </div>
    );
  }
  if (loaded === null) {
    return (
      <div className="text-view" data-testid="text-view" aria-busy="true">
        <p className="preview-note">Loading text…</p>
      </div>
    );
  }

  const { decoded, shownBytes, totalSize, warning } = loaded;
  const isTruncated = shownBytes < totalSize;
  const shown = isShownAsIs ? text : formatted;
  return (
    <div className="text-view" data-testid="text-view">
      <div className="text-toolbar">
        <span className="text-encoding" data-testid="text-encoding">
          Encoding: {decoded.encoding}
        </span>
        {isTruncated && (
          <span className="text-truncated" data-testid="text-truncated">
            showing the first {formatExactBytes(shownBytes)} of {formatExactBytes(totalSize)}
          </span>
        )}
        {formatter !== null && formatted !== null && (
          <label>
            <input
              type="checkbox"
              checked={isFormatted}
              onChange={(event) => setIsFormatted(event.target.checked)}
            />
            Format {formatter.label}
          </label>
        )}
        {formatter?.isClaimed === true && formatted === null && !isTruncated && (
          <span className="preview-note">not well-formed {formatter.label}: shown as is</span>
        )}
        <label>
          <input
            type="checkbox"
            checked={isWrapped}
            onChange={(event) => setIsWrapped(event.target.checked)}
          />
          Wrap lines
        </label>
      </div>
      {warning !== null && (
        <p className="preview-warning" role="status">
          {warning}
        </p>
      )}
      <pre
        className={isWrapped ? 'text-content text-content--wrap' : 'text-content'}
        tabIndex={0}
        aria-label={`Text of ${name}`}
      >
        {markSpan === null ? (
          shown
        ) : (
          <>
            {shown.slice(0, markSpan.start)}
            <mark ref={markRef} className="text-mark" data-testid="text-mark">
              {shown.slice(markSpan.start, markSpan.end)}
            </mark>
            {shown.slice(markSpan.end)}
          </>
        )}
      </pre>
    </div>
  );
}

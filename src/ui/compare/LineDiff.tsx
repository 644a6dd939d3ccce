/** Two texts as a line diff: each line once, removed lines marked `-`, added ones `+`. */
import { useMemo, type ReactElement } from 'react';
import { decodeText } from '../preview/text/decode-text.ts';
import { formatterFor } from '../preview/text/formatter.ts';
import { diffLines } from './line-diff.ts';

/** The text as the text preview shows it: decoded, and pretty-printed when it is JSON or XML. */
export function previewText(bytes: Uint8Array, name: string, isTruncated: boolean): string {
  const { text } = decodeText(bytes, isTruncated);
  const formatter = formatterFor(name, text);
  return formatter?.format(text) ?? text;
}

const MARK = { same: ' ', removed: '-', added: '+' } as const;

export function LineDiff({ oldText, newText }: { oldText: string; newText: string }): ReactElement {
  const lines = useMemo(() => diffLines(oldText, newText), [oldText, newText]);
  return (
    <div
      className="line-diff"
      data-testid="line-diff"
      role="table"
      aria-label="Line diff"
      tabIndex={0}
    >
      {lines.map((line, at) => (
        <div
          key={at}
          role="row"
          className={`line-diff-line line-${line.kind}`}
          data-kind={line.kind}
        >
          <span role="cell" className="line-diff-number">
            {line.oldLine ?? ''}
          </span>
          <span role="cell" className="line-diff-number">
            {line.newLine ?? ''}
          </span>
          <span role="cell" className="line-diff-text">
            {MARK[line.kind]} {line.text}
          </span>
        </div>
      ))}
    </div>
  );
}

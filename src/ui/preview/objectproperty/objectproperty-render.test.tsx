/**
 * First renders under Node (no DOM, effects do not run) of what the ObjectProperty pane
 * shows around a pasted blob: the Decode blob box filled from the page's form (so any
 * pane, the new blob's too, shows the options last set), the note of a blob that did not
 * decode (its error at its byte, and "Open anyway"), and a failed view's sentence, which
 * keeps every view's label as it is written. Behaviour in a browser is in
 * e2e/objectproperty.spec.ts.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../binary/format-error.ts';
import type { ErrorInfo } from '../../../worker/rpc/api.ts';
import { VIEWS } from '../registry.ts';
import { ViewFailure } from '../ViewFailure.tsx';
import { blobForm, DEFAULT_BLOB_OPTIONS } from './blob-form.ts';
import { BlobOutcomeNote, DecodeBlob } from './DecodeBlob.tsx';
import { objectPropertyView } from './plugin.ts';

const nullRoot: ErrorInfo = {
  code: ErrorCode.BAD_VALUE,
  message: 'bad value at 0x4: the root object is null (bit 32)',
  offset: 4,
  format: 'objectproperty',
  path: '',
};

/** The `<input>` of a test id, as rendered. */
const inputOf = (html: string, testId: string) =>
  new RegExp(`<input[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0] ?? '';
const inputValue = (html: string, testId: string) =>
  /value="([^"]*)"/.exec(inputOf(html, testId))?.[1];
const isChecked = (html: string, testId: string) => inputOf(html, testId).includes('checked');

describe('the Decode blob box', () => {
  it('shows the page’s form: the options last set, in every file’s pane', () => {
    const fresh = renderToStaticMarkup(<DecodeBlob fileId="first" />);
    expect(inputValue(fresh, 'op-flags')).toBe(DEFAULT_BLOB_OPTIONS.flags);
    expect(inputValue(fresh, 'op-mask')).toBe('0x18');
    expect(isChecked(fresh, 'op-shallow')).toBe(false);
    blobForm.set({ hex: '01 00 00 00', isShallow: true, flags: '1', mask: '7' });
    try {
      for (const fileId of ['first', 'pasted blob 1']) {
        const html = renderToStaticMarkup(<DecodeBlob fileId={fileId} />);
        expect(inputValue(html, 'op-flags')).toBe('1');
        expect(inputValue(html, 'op-mask')).toBe('7');
        expect(isChecked(html, 'op-shallow')).toBe(true);
        expect(isChecked(html, 'op-manual-compression')).toBe(false);
        expect(html).toMatch(/data-testid="op-hex-input"[^>]*>01 00 00 00<\/textarea>/);
        // Nothing decoded yet: no error, no busy note.
        expect(html).not.toContain('op-decode-error');
        expect(html).not.toContain('op-decoding');
      }
    } finally {
      blobForm.set(DEFAULT_BLOB_OPTIONS);
    }
  });

  it('a blob that did not decode: its error at its byte and bit, and Open anyway', () => {
    const attempt = { bytes: Uint8Array.of(1), settings: { flags: '1', mask: '7' } };
    const html = renderToStaticMarkup(
      <BlobOutcomeNote
        outcome={{ kind: 'failed', error: nullRoot, attempt }}
        onOpenAnyway={() => undefined}
      />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain(
      'The blob did not decode with these options: bad value at 0x4: the root object is null (bit 32)',
    );
    expect(html).toContain('data-testid="op-open-anyway"');
    const problem = renderToStaticMarkup(
      <BlobOutcomeNote
        outcome={{ kind: 'problem', message: 'Paste the blob’s bytes first.' }}
        onOpenAnyway={() => undefined}
      />,
    );
    expect(problem).toContain('Paste the blob’s bytes first.');
    expect(problem).not.toContain('op-open-anyway');
    const opened = renderToStaticMarkup(
      <BlobOutcomeNote
        outcome={{ kind: 'opened', name: 'pasted blob 1.bin' }}
        onOpenAnyway={() => undefined}
      />,
    );
    expect(opened).toBe('');
  });
});

describe('a view that did not decode', () => {
  it('says so with the view’s label as it is written, for every view', () => {
    const html = renderToStaticMarkup(
      <ViewFailure plugin={objectPropertyView} error={nullRoot} fileName="pasted blob 2.bin" />,
    );
    expect(html).toContain(
      '<strong>ObjectProperty objects cannot be shown: pasted blob 2.bin did not decode.</strong>',
    );
    expect(html).not.toContain('objectproperty objects');
    for (const plugin of VIEWS) {
      const text = renderToStaticMarkup(
        <ViewFailure plugin={plugin} error={nullRoot} fileName="x.bin" />,
      );
      expect(text).toContain(`<strong>${plugin.label} cannot be shown: x.bin did not decode.`);
      // A label starts with a capital (a sentence's start) and is shown nowhere lowercased.
      expect(plugin.label[0]).toBe(plugin.label[0]!.toUpperCase());
      if (plugin.label !== plugin.label.toLowerCase())
        expect(text).not.toContain(plugin.label.toLowerCase());
    }
  });
});

/** A view never draws a model that did not decode: its error, with its offset, takes the place. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ErrorInfo } from '../../worker/rpc/api.ts';
import { decodedNodePane, fileViewState, viewSummaryOf, VIEWS } from './registry.ts';
import { errorWithOffset, ViewFailure } from './ViewFailure.tsx';

const badMagic: ErrorInfo = {
  code: 'BAD_MAGIC',
  message: 'bad magic at 0x0: not a level',
  offset: 0,
  format: 'x',
  path: '',
};

function summaryOf(view: string | null, fatal: ErrorInfo | null) {
  return {
    capabilities: {
      content: false,
      verify: false,
      view,
      sources: false,
      wrappedNode: null,
      installCheck: false,
    },
    fatal,
  };
}

describe('views of a model that did not decode', () => {
  it('mounts no view for a file whose decoding stopped: its error takes the place', () => {
    for (const plugin of VIEWS) {
      expect(fileViewState(summaryOf(plugin.view, null))).toEqual({ status: 'ready', plugin });
      expect(fileViewState(summaryOf(plugin.view, badMagic))).toEqual({
        status: 'failed',
        plugin,
        error: badMagic,
      });
    }
    expect(fileViewState(summaryOf(null, badMagic))).toEqual({ status: 'none' });
    expect(fileViewState(undefined)).toEqual({ status: 'none' });
  });

  it('mounts the view a file offers while it opens, and its summary decides once opened', () => {
    for (const plugin of VIEWS) {
      const opening = { summary: null, openProgress: { view: plugin.view } };
      expect(fileViewState(viewSummaryOf(opening))).toEqual({ status: 'ready', plugin });
      const failed = summaryOf(plugin.view, badMagic) as never;
      expect(fileViewState(viewSummaryOf({ ...opening, summary: failed }))).toMatchObject({
        status: 'failed',
      });
    }
    expect(viewSummaryOf({ summary: null, openProgress: {} })).toBeNull();
    expect(viewSummaryOf({ summary: null, openProgress: null })).toBeNull();
  });

  it('leaves the nodes of a failed model to the generic panes', () => {
    for (const plugin of VIEWS) {
      for (const [kind, pane] of Object.entries(plugin.nodePanes ?? {})) {
        const nodeKind = kind as keyof NonNullable<typeof plugin.nodePanes>;
        expect(decodedNodePane(summaryOf(plugin.view, null), nodeKind)).toBe(pane);
        expect(decodedNodePane(summaryOf(plugin.view, badMagic), nodeKind)).toBeNull();
      }
    }
  });

  it('says the error with its offset, as text', () => {
    expect(errorWithOffset(badMagic)).toBe('bad magic at 0x0: not a level');
    expect(errorWithOffset({ ...badMagic, message: 'the level ends early', offset: 0x1f4 })).toBe(
      'the level ends early (at 0x1F4)',
    );
    const plugin = VIEWS[0]!;
    const html = renderToStaticMarkup(
      <ViewFailure plugin={plugin} error={badMagic} fileName="<b>LEVEL.WWD</b>" />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('bad magic at 0x0');
    expect(html).toContain('&lt;b&gt;LEVEL.WWD&lt;/b&gt;');
  });
});

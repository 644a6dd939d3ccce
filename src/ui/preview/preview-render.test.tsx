/**
 * Server-side renders of the views. Vitest runs under Node without a DOM, so this checks the
 * first render only (nothing subscribes, so nothing is asked of a worker: every query shows
 * "loading"): structure, test ids and the react-window List wiring. Behaviour in a browser is
 * covered by the e2e tests.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FILE_REF, nodeRef, type ImageInfo } from '../../worker/rpc/api.ts';
import { ChecksumPanel } from '../checksums/ChecksumPanel.tsx';
import { PreviewPane } from './PreviewPane.tsx';
import { HexView } from './hex/HexView.tsx';
import { TextureView } from './image/TextureView.tsx';
import { TextView } from './text/TextView.tsx';

/** No such file is open: a render that asked anything of it would fail, not show loading. */
const fileId = 'f-none';

describe('first render', () => {
  it('HexView renders 16-byte rows with hex offsets and the go-to field', () => {
    const html = renderToStaticMarkup(<HexView fileId={fileId} ref={nodeRef(3)} size={1000} />);
    expect(html).toContain('data-testid="hex-goto"');
    const offsets = [
      ...html.matchAll(
        /data-testid="hex-row" data-offset="(\d+)"><span class="hex-offset">([0-9A-F]+)</g,
      ),
    ].map((match) => [Number(match[1]), match[2]]);
    expect(offsets.slice(0, 3)).toEqual([
      [0, '00000000'],
      [16, '00000010'],
      [32, '00000020'],
    ]);
    // 1000 bytes = 63 rows; the default 400 px shows 20 plus overscan.
    expect(offsets.length).toBeGreaterThan(15);
    expect(offsets.length).toBeLessThanOrEqual(63);
    expect(html).not.toContain('Region');
  });

  it('HexView splits content too tall for one element into regions', () => {
    const html = renderToStaticMarkup(<HexView fileId={fileId} ref={FILE_REF} size={2 ** 30} />);
    expect(html).toContain('Region 1 of 128: 0x0–0x7FFFFF');
    expect(html).toContain('aria-setsize="524288"');
  });

  it('HexView says when the content is empty', () => {
    expect(renderToStaticMarkup(<HexView fileId={fileId} ref={nodeRef(0)} size={0} />)).toContain(
      'Empty: 0 bytes.',
    );
  });

  it('PreviewPane starts by loading the head, with the name as text', () => {
    const html = renderToStaticMarkup(
      <PreviewPane
        fileId={fileId}
        ref={nodeRef(0)}
        name={'<img src=x onerror=alert(1)>.txt'}
        size={2048}
      />,
    );
    expect(html).toContain('data-testid="preview-pane"');
    expect(html).toContain('Loading…');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;.txt');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('title="2,048 bytes"');
  });

  it('TextView starts loading', () => {
    const html = renderToStaticMarkup(<TextView fileId={fileId} ref={nodeRef(0)} name="a.txt" />);
    expect(html).toContain('data-testid="text-view"');
  });

  it('ChecksumPanel renders its panel and a compute button', () => {
    const html = renderToStaticMarkup(
      <ChecksumPanel fileId={fileId} ref={nodeRef(1)} size={100 * 1024 * 1024} />,
    );
    expect(html).toContain('data-testid="checksums"');
    expect(html).toContain('Compute checksums');
    // The size comes from the row: nothing is read to learn it.
    expect(html).toContain('title="104,857,600 bytes"');
    expect(html).toContain('Large content: checksums are computed on request.');
  });

  it('TextureView starts fitted, its stage right under the toolbar, the inspector and facts under it', () => {
    const info: ImageInfo = {
      width: 2,
      height: 2,
      levels: [{ width: 2, height: 2, byteLength: 16 }],
      layers: 1,
      faces: 6,
      pixelFormat: 'r8g8b8a8',
      unsupported: null,
      facts: [['Faces', '6']],
    };
    const html = renderToStaticMarkup(
      <TextureView fileId={fileId} ref={FILE_REF} info={info} name="cube.pvr" />,
    );
    expect(html).toContain('class="image-stage image-stage--fit"');
    expect(html).toMatch(/data-testid="texture-zoom"[^>]*>Fit</);
    // The stage is not measured yet: no fitted size, so the image only shrinks (CSS).
    expect(html).not.toContain('data-fit-scale');
    const at = (testId: string) => html.indexOf(`data-testid="${testId}"`);
    expect(at('texture-summary')).toBeLessThan(at('texture-stage'));
    expect(at('texture-stage')).toBeLessThan(at('pixel-inspector'));
    expect(at('pixel-inspector')).toBeLessThan(at('texture-facts'));
  });
});

/**
 * First renders of the level view's parts under Node (no DOM, effects do not run): structure,
 * test ids, and file-derived strings escaped as text. Behaviour is covered by e2e/wwd.spec.ts.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FileDecoder } from '../../../worker/rpc/client.ts';
import { LevelLegend } from './LevelLegend.tsx';
import { LevelToolbar } from './LevelToolbar.tsx';
import { LevelView } from './LevelView.tsx';
import { ObjectPanel } from './ObjectPanel.tsx';
import { buildScene } from './scene.ts';
import { testLevel, testObject } from './test-level.ts';
import { createValueStore } from './value-store.ts';

const options = { showOverlay: true, showObjects: true, showNoDraw: false };
const noop = () => undefined;

describe('level view first render', () => {
  it('shows "reading" until the worker answers', () => {
    const decoder = { documentView: () => new Promise(noop) } as unknown as FileDecoder;
    const html = renderToStaticMarkup(<LevelView decoder={decoder} fileName="a.wwd" />);
    expect(html).toContain('data-testid="level-view"');
    expect(html).toContain('data-state="loading"');
  });

  it('toolbar: plane switcher with every plane and the stack, zoom, toggles, export', () => {
    const level = testLevel();
    const html = renderToStaticMarkup(
      <LevelToolbar
        level={level}
        mode={1}
        onMode={noop}
        zoom={createValueStore(0.25)}
        onZoomIn={noop}
        onZoomOut={noop}
        onFit={noop}
        options={options}
        onOptions={noop}
        hasMainPlane
        onExportView={noop}
        onExportPlane={noop}
        planeExportText="256 × 192 px at 100% (1:1)"
        isExporting={false}
      />,
    );
    for (const id of [
      'plane-select',
      'zoom-level',
      'zoom-in',
      'zoom-out',
      'overlay-toggle',
      'export-view',
      'export-plane',
    ]) {
      expect(html).toContain(`data-testid="${id}"`);
    }
    expect(html).toContain('Action (#1, main) — 4 × 3');
    expect(html).toContain('All planes, stacked by z');
    expect(html).toContain('25%');
  });

  it('object panel lists objects and escapes their strings', () => {
    const level = testLevel();
    const action = level.planes[1]!;
    action.objects.push(testObject({ index: 2, id: 7, logic: '<b>Evil</b>', x: 1, y: 2 }));
    const html = renderToStaticMarkup(
      <ObjectPanel
        planes={[action]}
        selected={{ plane: 1, index: 2 }}
        selectedObject={action.objects[2]!}
        selectedEntry={42}
        decoder={{ entryDetails: () => new Promise(noop) } as unknown as FileDecoder}
        onSelect={noop}
        onCenter={noop}
        emptyText="none"
      />,
    );
    expect(html).toContain('data-testid="object-list"');
    expect(html).toContain('data-testid="object-details"');
    expect(html).toContain('&lt;b&gt;Evil&lt;/b&gt;');
    expect(html).not.toContain('<b>Evil');
    expect((html.match(/data-testid="object-row"/g) ?? []).length).toBe(3);
  });

  it('legend names the fill palette index and the attributes', () => {
    const level = testLevel();
    const html = renderToStaticMarkup(
      <LevelLegend
        scene={buildScene(level, 'all', options)}
        options={options}
        isStacked
        planesWithFill={new Set([0])}
      />,
    );
    expect(html).toContain('palette index');
    expect(html).toContain('197');
    expect(html).toContain('solid');
    expect(html).toContain('Start position');
  });
});

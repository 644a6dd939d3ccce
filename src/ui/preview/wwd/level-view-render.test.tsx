/**
 * First renders of the level view's parts under Node (no DOM, effects do not run): structure,
 * test ids, and file-derived strings escaped as text. Behaviour is covered by e2e/wwd.spec.ts.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LevelLegend } from './LevelLegend.tsx';
import { LevelToolbar } from './LevelToolbar.tsx';
import { LevelView } from './LevelView.tsx';
import { ObjectPanel } from './ObjectPanel.tsx';
import { buildScene } from './scene.ts';
import { objectOf, testLevel } from './testing/levels.ts';
import { createValueStore } from './value-store.ts';

const options = { showOverlay: true, showObjects: true, showNoDraw: false };
const noop = () => undefined;

describe('level view first render', () => {
  it('shows "reading" until the worker answers', () => {
    const html = renderToStaticMarkup(<LevelView fileId="f-none" />);
    expect(html).toContain('data-testid="level-view"');
    expect(html).toContain('data-state="loading"');
  });

  it('toolbar: plane switcher with every plane and the stack, zoom, toggles, export', async () => {
    const level = await testLevel();
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

  it('object panel lists objects and escapes their strings', async () => {
    const level = await testLevel();
    const action = level.planes[1]!;
    const evil = await objectOf({ id: 7, logic: '<b>Evil</b>', x: 1, y: 2 });
    action.objects.push({ ...evil, index: 2 });
    const html = renderToStaticMarkup(
      <ObjectPanel
        planes={[action]}
        selected={{ plane: 1, index: 2 }}
        selectedObject={action.objects[2]!}
        selectedEntry={42}
        fileId="f-none"
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

  it('legend names the fill palette index and the attributes', async () => {
    const level = await testLevel();
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

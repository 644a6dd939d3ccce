import { describe, expect, it } from 'vitest';
import { nodePane, viewPlugin, VIEWS } from './registry.ts';

describe('view plug-ins', () => {
  it('finds a view by the kind a session names, and nothing for none', () => {
    for (const plugin of VIEWS) expect(viewPlugin(plugin.view)).toBe(plugin);
    expect(viewPlugin(null)).toBeNull();
    expect(viewPlugin('no-such-view')).toBeNull();
  });

  it('names each view kind once', () => {
    const kinds = VIEWS.map((plugin) => plugin.view);
    expect(new Set(kinds).size).toBe(kinds.length);
  });

  it('leaves nodes to the generic pane unless a plug-in takes their kind', () => {
    expect(nodePane(null, 'entry')).toBeNull();
    for (const plugin of VIEWS) {
      expect(nodePane(plugin.view, 'folder')).toBe(plugin.nodePanes?.folder ?? null);
    }
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ResizeHandle } from './ResizeHandle.tsx';
import { clampSize, readStoredSize, writeStoredSize } from './stored-size.ts';

const noop = () => undefined;

describe('resize handles', () => {
  it('are focusable separators that say their value', () => {
    const html = renderToStaticMarkup(
      <ResizeHandle
        label="Resize the Size column"
        value={80.4}
        min={40}
        max={640}
        valueText="80 pixels"
        step={8}
        bigStep={40}
        direction={-1}
        unitPixels={() => 1}
        onChange={noop}
        onCommit={noop}
        onReset={noop}
      />,
    );
    expect(html).toContain('role="separator"');
    expect(html).toContain('aria-orientation="vertical"');
    expect(html).toContain('tabindex="0"');
    expect(html).toContain('aria-valuenow="80"');
    expect(html).toContain('aria-valuemin="40"');
    expect(html).toContain('aria-valuemax="640"');
    expect(html).toContain('aria-valuetext="80 pixels"');
    expect(html).toContain('aria-label="Resize the Size column"');
  });

  it('clamp sizes to their range, a non-number to the default', () => {
    expect(clampSize(5, 20, 80, 58)).toBe(20);
    expect(clampSize(95, 20, 80, 58)).toBe(80);
    expect(clampSize(Number.NaN, 20, 80, 58)).toBe(58);
    // Without a usable localStorage (Node), sizes are not remembered and nothing throws.
    writeStoredSize('probe', 42);
    expect([null, 42]).toContain(readStoredSize('probe'));
  });
});

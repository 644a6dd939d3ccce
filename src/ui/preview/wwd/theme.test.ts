/**
 * The level view's theme (render.ts readTheme): read from the computed style once per
 * colour scheme, as reading it makes the browser compute the page's styles on the way to
 * a view's first frame; one read from an element without the variables is not kept.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_THEME, readTheme } from './render.ts';

function styleWith(variables: Record<string, string>) {
  return { getPropertyValue: (name: string) => variables[name] ?? '' };
}

const LIGHT = {
  '--lv-grid': ' rgb(0 0 0 / 0.2)',
  '--lv-edge': '#6b7480',
  '--lv-fg': '#111111',
  '--lv-bg': '#fefefe',
  '--lv-accent': '#0000ff',
  '--lv-start': '#00ff00',
};

describe('readTheme', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the computed style once per colour scheme', () => {
    const computed = vi.fn(() => styleWith(LIGHT));
    vi.stubGlobal('getComputedStyle', computed);
    const element = {} as Element;
    const first = readTheme(element, 'test-light');
    expect(first).toEqual({
      grid: 'rgb(0 0 0 / 0.2)',
      edge: '#6b7480',
      fg: '#111111',
      bg: '#fefefe',
      accent: '#0000ff',
      start: '#00ff00',
    });
    expect(readTheme(element, 'test-light')).toBe(first);
    expect(computed).toHaveBeenCalledTimes(1);
    computed.mockImplementation(() => styleWith({ ...LIGHT, '--lv-bg': '#000000' }));
    expect(readTheme(element, 'test-dark').bg).toBe('#000000');
    expect(computed).toHaveBeenCalledTimes(2);
  });

  it('falls back where a variable is missing, and reads again next time', () => {
    const computed = vi.fn(() => styleWith({ '--lv-fg': '#222222' }));
    vi.stubGlobal('getComputedStyle', computed);
    const theme = readTheme({} as Element, 'test-detached');
    expect(theme).toEqual({ ...DEFAULT_THEME, fg: '#222222' });
    readTheme({} as Element, 'test-detached');
    expect(computed).toHaveBeenCalledTimes(2);
  });
});

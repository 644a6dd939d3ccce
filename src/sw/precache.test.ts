import { describe, expect, it } from 'vitest';
import { cacheNameOf, CACHE_PREFIX, precachedPath } from './precache.ts';

const SCOPE = 'https://host.test/tools/delve/';
const FILES = new Set([
  'index.html',
  'assets/index-abc.js',
  'icons/icon-192.png',
  'samples/samples.json',
  'samples/demo.wad',
]);
const path = (url: string, isNavigation = false) => precachedPath(url, isNavigation, SCOPE, FILES);

describe('precachedPath', () => {
  it('serves the app page for navigations to the scope, deep-link queries included', () => {
    expect(path(SCOPE, true)).toBe('index.html');
    expect(path(`${SCOPE}?file=demo.wad&node=UI/logo.png&offset=0x40`, true)).toBe('index.html');
    expect(path(`${SCOPE}index.html?url=https://x.test/a.wad`, true)).toBe('index.html');
  });

  it('serves the listed files of the build, under the scope only', () => {
    expect(path(`${SCOPE}assets/index-abc.js`)).toBe('assets/index-abc.js');
    expect(path(`${SCOPE}icons/icon-192.png?v=2`)).toBe('icons/icon-192.png');
    expect(path('https://host.test/assets/index-abc.js')).toBeNull();
    expect(path('https://other.test/tools/delve/assets/index-abc.js')).toBeNull();
  });

  it('serves the listed samples, so Try a sample works offline', () => {
    expect(path(`${SCOPE}samples/samples.json`)).toBe('samples/samples.json');
    expect(path(`${SCOPE}samples/demo.wad`)).toBe('samples/demo.wad');
    expect(path(`${SCOPE}samples/other.wad`)).toBeNull();
  });

  it('leaves remote files and other navigations to the network', () => {
    expect(path('https://files.test/game/a.pkg')).toBeNull();
    expect(path(`${SCOPE}samples/demo.wad`, true)).toBeNull();
    expect(path(`${SCOPE}assets/index-abc.js`, true)).toBeNull();
  });

  it('names caches by version, under one prefix the old ones are found by', () => {
    expect(cacheNameOf('9ae5')).toBe(`${CACHE_PREFIX}9ae5`);
    expect(cacheNameOf('9ae5')).not.toBe(cacheNameOf('9ae6'));
  });
});

/**
 * The web app manifest (public/manifest.webmanifest): it works from any sub-path, and the
 * installed app handles every extension the registry's formats claim.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../formats/registry.ts';

const publicDir = fileURLToPath(new URL('../../public/', import.meta.url));

interface Manifest {
  id: string;
  start_url: string;
  scope: string;
  icons: { src: string; sizes: string }[];
  file_handlers: { action: string; accept: Record<string, string[]> }[];
}

const manifest = JSON.parse(readFileSync(`${publicDir}manifest.webmanifest`, 'utf8')) as Manifest;

const isRelative = (url: string) => !/^([a-z]+:|\/)/i.test(url);

describe('manifest.webmanifest', () => {
  it('uses relative URLs only, so the app installs from any sub-path', () => {
    const urls = [
      manifest.id,
      manifest.start_url,
      manifest.scope,
      ...manifest.icons.map((icon) => icon.src),
      ...manifest.file_handlers.map((handler) => handler.action),
    ];
    expect(urls.filter((url) => !isRelative(url))).toEqual([]);
  });

  it('names icons that exist', () => {
    for (const icon of manifest.icons)
      expect(existsSync(`${publicDir}${icon.src}`), icon.src).toBe(true);
  });

  it('handles every extension a registered format claims, and the ones the README lists', () => {
    const handled = new Set(
      manifest.file_handlers.flatMap((handler) => Object.values(handler.accept).flat()),
    );
    const claimed = FORMATS.flatMap((format) => [...format.extensions]);
    const listed = ['.wad', '.wwd', '.idx', '.pkg', '.ka', '.sc2', '.scg', '.dvpl', '.bin'];
    expect([...claimed, ...listed].filter((extension) => !handled.has(extension))).toEqual([]);
  });
});

/** The shared fixtures (read where they are, never copied) and their configurations, for tests. */
import { readFileSync, readdirSync } from 'node:fs';
import { typeIndexOf } from './type-list.ts';
import type { SerializerConfig, TypeIndex } from './types.ts';

export const FIXTURES = new URL('../../../../shared/fixtures/objectproperty/', import.meta.url);

export const fixtureBytes = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));

/** A fixture's `*.config.json` (`{shallow, compress, flags, property_mask}`) as a config. */
export function fixtureConfig(name: string): SerializerConfig {
  const raw = JSON.parse(
    readFileSync(new URL(name.replace(/\.bin$/, '.config.json'), FIXTURES), 'utf8'),
  ) as { shallow: boolean; compress: boolean; flags: number; property_mask: number };
  return {
    isShallow: raw.shallow,
    flags: raw.flags,
    mask: raw.property_mask,
    isManuallyCompressed: raw.compress,
  };
}

export const fixtureNames = (folder = '') =>
  readdirSync(new URL(folder, FIXTURES)).filter((name) => name.endsWith('.bin'));

export function fixtureTypes(list: 'types.json' | 'types.xml'): TypeIndex {
  return typeIndexOf([{ name: list, bytes: fixtureBytes(list) }]);
}

/**
 * What a blob's bytes do not say (spec.md "Stream header layers"): its serializer settings,
 * from the CLI's options or a decode box (`OpenRequest.settings`), and the type lists the
 * user gave (`services.sideInputs`, kind `type-lists`), parsed and merged once per set.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import type { CliOptionValues } from '../model.ts';
import type { FormatServices, SideInputFile } from '../services.ts';
import { OBJECT_PROPERTY_FORMAT } from './errors.ts';
import { NETWORK_CONFIG } from './read.ts';
import { typeIndexOf } from './type-list.ts';
import type { SerializerConfig, TypeIndex } from './types.ts';

/** The side-input kind of type lists. */
export const TYPE_LISTS = 'type-lists';

/** The settings a blob takes, by name. */
export const SETTING = {
  shallow: 'shallow',
  flags: 'flags',
  mask: 'mask',
  manualCompression: 'manual-compression',
} as const;

function numberSetting(settings: CliOptionValues, name: string, fallback: number): number {
  const text = settings[name];
  if (text === undefined) return fallback;
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new FormatError({
      code: ErrorCode.BAD_VALUE,
      offset: 0,
      detail: `--${name} must be an integer from 0 to 0xFFFFFFFF, not ${JSON.stringify(text)}`,
      format: OBJECT_PROPERTY_FORMAT,
    });
  }
  return value >>> 0;
}

const isSet = (settings: CliOptionValues, name: string) =>
  settings[name] !== undefined && settings[name] !== 'false';

/** A blob's configuration from settings; the network default (deep, flags 0) for what is not said. */
export function configOf(settings: CliOptionValues = {}): SerializerConfig {
  return {
    isShallow: isSet(settings, SETTING.shallow),
    flags: numberSetting(settings, SETTING.flags, NETWORK_CONFIG.flags),
    mask: numberSetting(settings, SETTING.mask, NETWORK_CONFIG.mask),
    isManuallyCompressed: isSet(settings, SETTING.manualCompression),
  };
}

const indexes = new WeakMap<readonly SideInputFile[], TypeIndex>();

/**
 * The merged index of the type lists in `services` (null when none were given), built once
 * per set. A list that cannot be read is a FormatError naming it.
 */
export function typeIndexFor(services: FormatServices): TypeIndex | null {
  const files = services.sideInputs?.files(TYPE_LISTS) ?? [];
  if (files.length === 0) return null;
  const known = indexes.get(files);
  if (known) return known;
  let index: TypeIndex;
  try {
    index = typeIndexOf(files);
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    const at = files.findIndex((file) => {
      try {
        typeIndexOf([file]);
        return false;
      } catch {
        return true;
      }
    });
    throw new FormatError({
      code: error.code,
      offset: error.offset,
      detail: `type list ${files[Math.max(0, at)]!.name}: ${error.detail}`,
      format: OBJECT_PROPERTY_FORMAT,
    });
  }
  indexes.set(files, index);
  return index;
}

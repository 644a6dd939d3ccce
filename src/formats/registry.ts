/**
 * The one list of formats Delve reads. Everything that lists formats — the format ids, the
 * worker's openers, the fuzz and conformance suites, the CLI's help, the empty state, the
 * formats table of the README and docs — is derived from it. Adding a format is one line
 * here (docs/ADDING-A-FORMAT.md).
 *
 * Detection trusts magic first, in list order; a name alone (the extension) counts only
 * when no module's magic matched. `raw` matches anything and stays last.
 */
import type { FormatModule } from './model.ts';
import { kiwadFormat } from './kiwad/module.ts';
import { rawFormat } from './raw/module.ts';
import { wowsFormat } from './wows/module.ts';
import { wwdFormat } from './wwd/module.ts';

export const FORMATS = [
  kiwadFormat,
  wwdFormat,
  wowsFormat,
  rawFormat,
] as const satisfies readonly FormatModule[];

/** Identifiers of the formats Delve knows; `raw` is any file it does not. */
export type FormatId = (typeof FORMATS)[number]['id'];

/** The id of the format of files Delve does not recognise. */
export const RAW_FORMAT: FormatId = rawFormat.id;

/** Bytes of the file head that detection needs; read at least this many. */
export const DETECT_HEAD_LENGTH = 64;

/**
 * The format of a file from its first bytes (`DETECT_HEAD_LENGTH`), then its name. Tests
 * may pass modules of their own (`formats`), which are asked before the registry's.
 */
export function detectFormat(
  head: Uint8Array,
  name: string,
  formats: readonly FormatModule[] = FORMATS,
): FormatId {
  let byName: FormatId | null = null;
  for (const format of formats) {
    const match = format.detect(head, name);
    if (match === 'magic') return format.id as FormatId;
    if (match === 'name' && byName === null) byName = format.id as FormatId;
  }
  return byName ?? RAW_FORMAT;
}

/** The module of a format id. */
export function formatModule(id: string, formats: readonly FormatModule[] = FORMATS): FormatModule {
  const module = formats.find((format) => format.id === id);
  if (!module) throw new Error(`unknown format ${id}`);
  return module;
}

/** True when `id` names a registered format. */
export function isFormatId(id: string): id is FormatId {
  return FORMATS.some((format) => format.id === id);
}

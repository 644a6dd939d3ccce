/**
 * The one list of formats Delve reads. Everything that lists formats — the format ids, the
 * worker's openers, the fuzz and conformance suites, the CLI's help, the empty state, the
 * formats table of the README and docs — is derived from it. Adding a format is one line
 * here (docs/ADDING-A-FORMAT.md).
 *
 * Detection trusts magic first, in list order; a name alone (the extension) counts only
 * when no module's magic matched. `raw` matches anything and stays last.
 */
import { MemoryByteSource, type ByteSource } from '../binary/byte-source.ts';
import type { FileTail, FormatModule, OpenSink, SideInputKind } from './model.ts';
import { inlineServices, type FormatServices, type NestedFileService } from './services.ts';
import { davaTexFormat } from './dava-tex/module.ts';
import { ddsFormat } from './dds/module.ts';
import { dmlFormat } from './dml/module.ts';
import { dmlProtocolFormat } from './dml/protocol-module.ts';
import { dvplFormat } from './dvpl/module.ts';
import { kaFormat } from './ka/module.ts';
import { kiwadFormat } from './kiwad/module.ts';
import { ktxFormat } from './ktx/module.ts';
import { objectPropertyFormat } from './objectproperty/module.ts';
import { pcxFormat } from './pcx/module.ts';
import { pidFormat } from './pid/module.ts';
import { pvrFormat } from './pvr/module.ts';
import { rawFormat } from './raw/module.ts';
import { rezFormat } from './rez/module.ts';
import { sc2Format } from './sc2/module.ts';
import { scgFormat } from './scg/module.ts';
import { wowsFormat } from './wows/module.ts';
import { wwdFormat } from './wwd/module.ts';

export const FORMATS = [
  // Its footer beats the head's magic: a stored .dvpl begins with the file it wraps.
  dvplFormat,
  kiwadFormat,
  wwdFormat,
  rezFormat,
  pvrFormat,
  ktxFormat,
  wowsFormat,
  // The descriptor's signature is checked before any KeyedArchive detection.
  davaTexFormat,
  ddsFormat,
  kaFormat,
  sc2Format,
  scgFormat,
  dmlFormat,
  dmlProtocolFormat,
  objectPropertyFormat,
  // No magic: a `.pid` name and a plausible header.
  pidFormat,
  // A one-byte magic: a `.pcx` name and a plausible header.
  pcxFormat,
  rawFormat,
] as const satisfies readonly FormatModule[];

/** Identifiers of the formats Delve knows; `raw` is any file it does not. */
export type FormatId = (typeof FORMATS)[number]['id'];

/** The id of the format of files Delve does not recognise. */
export const RAW_FORMAT: FormatId = rawFormat.id;

/** Every kind of side input the formats read, each once, in registry order (the app's panel lists these). */
export function sideInputKinds(formats: readonly FormatModule[] = FORMATS): SideInputKind[] {
  const kinds = new Map<string, SideInputKind>();
  for (const module of formats) {
    for (const kind of module.sideInputs ?? [])
      if (!kinds.has(kind.kind)) kinds.set(kind.kind, kind);
  }
  return [...kinds.values()];
}

/** Whether files of format `id` read side inputs of `kind` (so a change of those reopens them). */
export function formatReads(
  id: string,
  kind: string,
  formats: readonly FormatModule[] = FORMATS,
): boolean {
  return formats.some(
    (module) => module.id === id && (module.sideInputs ?? []).some((each) => each.kind === kind),
  );
}

/** Bytes of the file head that detection needs; read at least this many. */
export const DETECT_HEAD_LENGTH = 64;

/** Bytes of the file's end that detection reads too (footers: a `.dvpl`'s is 20). */
export const DETECT_TAIL_LENGTH = 32;

/**
 * The format of a file from its first bytes (`DETECT_HEAD_LENGTH`) and, where given, its
 * last ones, then its name. Tests may pass modules of their own (`formats`), which are
 * asked before the registry's.
 */
export function detectFormat(
  head: Uint8Array,
  name: string,
  formats: readonly FormatModule[] = FORMATS,
  tail?: FileTail,
): FormatId {
  let byName: FormatId | null = null;
  for (const format of formats) {
    const match = format.detect(head, name, tail);
    if (match === 'magic') return format.id as FormatId;
    if (match === 'name' && byName === null) byName = format.id as FormatId;
  }
  return byName ?? RAW_FORMAT;
}

/** The tail detection sees of some bytes: their end, and their size. */
export function tailOf(bytes: Uint8Array): FileTail {
  return {
    bytes: bytes.subarray(Math.max(0, bytes.length - DETECT_TAIL_LENGTH)),
    size: bytes.length,
  };
}

/** What detection reads of a source: its head, and its tail with its size. */
export async function readDetectionBytes(
  source: ByteSource,
): Promise<{ head: Uint8Array; tail: FileTail }> {
  const head = await source.read(0, Math.min(source.size, DETECT_HEAD_LENGTH));
  const tailLength = Math.min(source.size, DETECT_TAIL_LENGTH);
  const bytes = await source.read(source.size - tailLength, tailLength);
  return { head, tail: { bytes, size: source.size } };
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

/** Nested files are opened for what they are, not streamed anywhere: their nodes are read after. */
const NO_SINK: OpenSink = { nodes: () => undefined, nodeRange: () => undefined };

/**
 * The host's services with nested files seen through the registry (`formats`): what a
 * wrapper's payload is, and its session, opened with these same services. Hosts (the
 * worker, the CLI) pass detection in this way, so format folders never import the registry.
 */
export function withNestedFiles(
  services: Omit<FormatServices, 'nested'>,
  formats: readonly FormatModule[] = FORMATS,
): FormatServices {
  const detect = (bytes: Uint8Array, name: string) =>
    formatModule(
      detectFormat(bytes.subarray(0, DETECT_HEAD_LENGTH), name, formats, tailOf(bytes)),
      formats,
    );
  const nested: NestedFileService = {
    identify(bytes, name) {
      const format = detect(bytes, name);
      // Bytes no other format knows are the raw format's ("Raw file"), as a dropped file is.
      return { id: format.id, label: format.label };
    },
    async open(bytes, name) {
      const format = detect(bytes, name);
      const source = new MemoryByteSource(bytes, name);
      const session = await format.open({ sources: [source], services: withNested, sink: NO_SINK });
      return { format, source, session };
    },
  };
  const withNested: FormatServices = { ...services, nested };
  return withNested;
}

/** Everything on the calling thread, nested files through the registry: the CLI and tests. */
export function inlineRegistryServices(formats: readonly FormatModule[] = FORMATS): FormatServices {
  return withNestedFiles(inlineServices(), formats);
}

/* Wrapped files by name (FormatModule.wrappedName); their bytes: wrapped-sources.ts. */

/** Wrappers inside wrappers taken off a name, at most (`a.tex.dvpl.dvpl` is not a thing). */
export const MAX_WRAPPERS = 4;

/** The wrapper format whose files are named like `name`, and the name of what it wraps. */
export function wrapperOfName(
  name: string,
  formats: readonly FormatModule[] = FORMATS,
): { format: FormatModule; inner: string } | null {
  for (const format of formats) {
    const inner = format.wrappedName?.(name);
    if (inner) return { format, inner };
  }
  return null;
}

/** A path with the wrappers of its last segment taken off: `maps/tank.tex.dvpl` → `maps/tank.tex`. */
export function unwrappedPath(path: string, formats: readonly FormatModule[] = FORMATS): string {
  const folder = path.slice(0, path.lastIndexOf('/') + 1);
  let name = path.slice(folder.length);
  for (let depth = 0; depth < MAX_WRAPPERS; depth += 1) {
    const wrapper = wrapperOfName(name, formats);
    if (!wrapper) break;
    name = wrapper.inner;
  }
  return folder + name;
}

/** KingsIsle ObjectProperty state (`BINd` files): the registry's line points here. */
import type { FormatModule } from '../model.ts';
import { TYPE_LIST_INPUT } from './side-input-kinds.ts';

/** `BINd`: every ObjectProperty file starts with it (a raw blob has no magic at all). */
export const BIND_MAGIC = Uint8Array.of(0x42, 0x49, 0x4e, 0x64);

/** Whether bytes start like a `BINd` file. A raw blob is not detectable: see `decodeObjectProperty`. */
export const looksLikeBind = (head: Uint8Array) =>
  BIND_MAGIC.every((byte, at) => head[at] === byte);

export const objectPropertyFormat = {
  id: 'objectproperty',
  label: 'KingsIsle ObjectProperty state',
  summary:
    'Wizard101 and Pirate101 BINd files and serialized blobs: objects, properties and lists by name and type with a type list (wiztype JSON, KingsIsle XML), by hash without one',
  // Their usual name; detected by content only, since many other files are `.xml`.
  extensions: ['.xml'],
  detect: (head) => (looksLikeBind(head) ? 'magic' : null),
  open: async (request) => (await import('./view.ts')).openObjectPropertyWithView(request),
  warmUp: async () => (await import('./warm-up.ts')).objectPropertyWarmUp(),
  fuzzTarget: async () => (await import('./fuzz-target.ts')).objectPropertyFuzzTarget,
  cli: async () => (await import('./cli.ts')).objectPropertyCli,
  sideInputs: [TYPE_LIST_INPUT],
} as const satisfies FormatModule<'objectproperty'>;

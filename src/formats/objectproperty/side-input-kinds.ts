/**
 * The side inputs ObjectProperty reads, as the module declares them (model.ts
 * `FormatModule.sideInputs`): kept apart from settings.ts so the registry's eager import of
 * the module pulls in no decoder code (`prepare` loads it when called). settings.ts
 * `TYPE_LISTS` is the same kind.
 */
import type { SideInputKind } from '../model.ts';

export const TYPE_LIST_INPUT: SideInputKind = {
  kind: 'type-lists',
  label: 'Type lists (wiztype JSON, ClassList XML)',
  extensions: ['.json', '.xml'],
  prepare: async (bytes) => (await import('./type-list.ts')).compileTypeList(bytes),
};

/** React bindings of the comparison store (state/compare.ts). */
import { useStore } from 'zustand';
import { delve } from '../../state/app.ts';
import type { Comparison } from '../../state/compare.ts';

export function useComparison(): Comparison | null {
  return useStore(delve.compare.store, (state) => state.comparison);
}

export function usePickerFileId(): string | null {
  return useStore(delve.compare.store, (state) => state.pickerFileId);
}

export const compareActions = delve.compare.actions;

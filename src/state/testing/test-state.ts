/**
 * The app state over in-process test decoders (test-decoder.ts), for the state layer's tests:
 * every decoder it makes is kept, in order, so a test can look at the calls each received.
 */
import { vi } from 'vitest';
import type { FormatModule } from '../../formats/model.ts';
import { createDelveState } from '../store.ts';
import { createTestDecoder, type TestDecoder } from './test-decoder.ts';

export function createTestState(options: { formats?: readonly FormatModule[] } = {}) {
  const decoders: TestDecoder[] = [];
  const state = createDelveState({
    createDecoder: () => {
      const decoder = createTestDecoder(options);
      decoders.push(decoder);
      return decoder;
    },
    saveBlob: vi.fn(),
    fetch: vi.fn(),
    now: () => 0,
  });
  /** The open files, as the store has them now. */
  const files = () => state.stores.files.getState().files;
  return { state, decoders, files };
}

/**
 * A wrapped file dropped with the files it goes with: the drop is gathered by what the files
 * wrap, the wrapper opens, and the file it wraps opens below it with those files handed on
 * (unwrapped in its worker). A DAVA descriptor in a `.dvpl` beside its image, wrapped or
 * not, then shows that image.
 */
import { describe, expect, it, vi } from 'vitest';
import { createTestState } from './testing/test-state.ts';
import {
  WRAPPED_TEXTURE_PIXELS,
  descriptorImages,
  wrappedDescriptor,
} from './testing/wrapped-texture.ts';

const fileOf = (name: string, bytes: Uint8Array) =>
  new File([bytes as Uint8Array<ArrayBuffer>], name);

const setup = () => createTestState();

describe('a wrapped descriptor dropped with its image', () => {
  for (const image of descriptorImages()) {
    it(`opens the descriptor below its wrapper with ${image.name}, and shows the image`, async () => {
      const { state, files } = setup();
      await state.actions.openFiles([
        fileOf(wrappedDescriptor().name, wrappedDescriptor().bytes),
        fileOf(image.name, image.bytes),
      ]);
      await vi.waitFor(() => expect(files()).toHaveLength(2));
      const [wrapper, descriptor] = files();
      expect(wrapper!.sources.map((source) => source.name)).toEqual(['tank.tex.dvpl', image.name]);
      expect(descriptor!.parentId).toBe(wrapper!.id);
      await vi.waitFor(() => expect(files()[1]!.status).toBe('ready'));
      const info = await files()[1]!.decoder.describeImage({ kind: 'file' });
      expect(info.ok && info.value?.facts[0]).toEqual(['Image', 'tank.dds']);
      const decoded = await files()[1]!.decoder.decodeImage(
        { kind: 'file' },
        { level: 0, layer: 0, face: 0 },
      );
      expect(decoded.ok && decoded.value.rgba).toEqual(WRAPPED_TEXTURE_PIXELS);
    });
  }
});

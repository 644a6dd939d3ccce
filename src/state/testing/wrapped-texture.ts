/**
 * A DAVA texture descriptor and its DDS image as World of Tanks Blitz ships them, made by
 * Delve's writers: the descriptor in a `.dvpl`, the image wrapped or plain, and the image's
 * pixels (4 × 4) to check what is shown against.
 */
import { davaTexSeeds } from '../../formats/dava-tex/fixtures/make-fixtures.ts';
import { writeDdsTexture } from '../../formats/dds/write.ts';
import { writeDvpl } from '../../formats/dvpl/write.ts';

/** Every pixel different: red and green ramps, blue and alpha from the position. */
export const WRAPPED_TEXTURE_PIXELS = Uint8Array.from({ length: 4 * 4 * 4 }, (_, at) => {
  const pixel = at >> 2;
  return [(pixel & 3) * 85, (pixel >> 2) * 85, pixel * 16, 255 - pixel * 8][at & 3]!;
});

/** R8G8B8A8 (the masks pick bytes in RGBA order): the pixels are the data as they are. */
const dds = writeDdsTexture({
  width: 4,
  height: 4,
  levels: 1,
  format: { bits: 32, masks: [0xff, 0xff00, 0xff0000, 0xff000000] },
  data: WRAPPED_TEXTURE_PIXELS,
});

/** `tank.tex.dvpl`, LZ4-wrapped. */
export const wrappedDescriptor = () => ({
  name: 'tank.tex.dvpl',
  bytes: writeDvpl(davaTexSeeds()[0]!, { type: 1 }),
});

/** Its image: `tank.dds.dvpl`, and the same image unwrapped, `tank.dds`. */
export const descriptorImages = () => [
  { name: 'tank.dds.dvpl', bytes: writeDvpl(dds, { type: 1 }) },
  { name: 'tank.dds', bytes: dds },
];

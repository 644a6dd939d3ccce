/**
 * Names of the numbers a texture descriptor stores, from the DAVA engine's enums. Only the
 * values those enums define are named; anything else shows as `#n` (unknown), never guessed.
 */
import { DDS_FORMAT } from '../dds/types.ts';

export const TEX_FORMAT = 'dava-tex';

/** eGPUFamily: the table has one entry per family, in this order (GPU_FAMILY_COUNT = 7). */
const GPU_FAMILIES = [
  'PowerVR_iOS',
  'PowerVR_Android',
  'Tegra',
  'Mali',
  'Adreno',
  'DX11',
  'origin',
];
export const GPU_FAMILY_COUNT = GPU_FAMILIES.length;

/** ImageFormat (0-5 as the engine defines them; 127 unknown). DDS is the format Delve reads too. */
const IMAGE_FORMATS = ['PNG', DDS_FORMAT.toUpperCase(), 'PVR', 'JPEG', 'TGA', 'WEBP'];

/** PixelFormat, from 0 (13 was removed and kept for old files). */
const PIXEL_FORMATS = [
  'invalid',
  'RGBA8888',
  'RGBA5551',
  'RGBA4444',
  'RGB888',
  'RGB565',
  'A8',
  'A16',
  'PVR4',
  'PVR2',
  'RGBA16161616',
  'RGBA32323232',
  'DXT1',
  'DXT1N (removed)',
  'DXT1A',
  'DXT3',
  'DXT5',
  'DXT5NM',
  'ETC1',
  'ATC_RGB',
  'ATC_RGBA_EXPLICIT_ALPHA',
  'ATC_RGBA_INTERPOLATED_ALPHA',
  'PVR2_2',
  'PVR4_2',
  'EAC_R11_UNSIGNED',
  'EAC_R11_SIGNED',
  'EAC_RG11_UNSIGNED',
];

const named = (names: readonly string[], value: number) => names[value] ?? `#${value}`;

export const gpuName = (value: number) => (value === 127 ? 'invalid' : named(GPU_FAMILIES, value));
export const imageFormatName = (value: number) =>
  value === 127 ? 'unknown' : named(IMAGE_FORMATS, value);
export const pixelFormatName = (value: number) => named(PIXEL_FORMATS, value);
/** rhi::TextureAddrMode. */
export const wrapName = (value: number) => named(['wrap', 'clamp', 'mirror'], value);
/** rhi::TextureFilter. */
export const filterName = (value: number) => named(['nearest', 'linear'], value);
/** rhi::TextureMipFilter. */
export const mipFilterName = (value: number) => named(['none', 'nearest', 'linear'], value);

/** TextureDataSettings flags, by bit; unknown bits by value. */
export function flagNames(flags: number): string {
  const bits: Array<[number, string]> = [
    [0x01, 'generate mipmaps'],
    [0x02, 'normal map'],
    [0x04, 'separate HD file'],
    [0x80, 'invalid'],
  ];
  const names = bits.filter(([bit]) => (flags & bit) !== 0).map(([, name]) => name);
  const unknown = flags & ~bits.reduce((all, [bit]) => all | bit, 0);
  if (unknown) names.push(`unknown bits 0x${unknown.toString(16).toUpperCase()}`);
  return names.length > 0 ? names.join(', ') : 'none';
}

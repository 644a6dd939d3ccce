/**
 * Stand-in colours for a level drawn without game art (there is no public REZ, so no tile
 * images and no palette): every tile id gets a stable colour from a hash of the id, the
 * plane's fill colour (a palette index) gets a muted one, and object logics get a marker
 * colour. The same id is the same colour in every level, plane, theme and export.
 */

/** Cell values with a meaning of their own (spec §5). */
export const TILE_EMPTY = 0xffffffff;
export const TILE_FILL = 0xeeeeeeee;

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Murmur3's 32-bit finaliser: neighbouring ids land far apart. */
export function hash32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over UTF-16 code units, for strings such as object logics. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let at = 0; at < text.length; at++) {
    h ^= text.charCodeAt(at);
    h = Math.imul(h, 0x01000193);
  }
  return hash32(h);
}

/** HSL (hue in degrees, saturation and lightness 0..1) to 8-bit RGB. */
export function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const h = (((hue % 360) + 360) % 360) / 60;
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs((h % 2) - 1));
  const m = lightness - chroma / 2;
  const [r, g, b] =
    h < 1
      ? [chroma, x, 0]
      : h < 2
        ? [x, chroma, 0]
        : h < 3
          ? [0, chroma, x]
          : h < 4
            ? [0, x, chroma]
            : h < 5
              ? [x, 0, chroma]
              : [chroma, 0, x];
  const to8 = (value: number) => Math.round((value + m) * 255);
  return { r: to8(r), g: to8(g), b: to8(b) };
}

const TILE_SATURATION = [0.5, 0.62, 0.74] as const;
const TILE_LIGHTNESS = [0.5, 0.6, 0.7] as const;

/** The colour of tile id `id` (the low 16 bits of a cell): hue, saturation and lightness from a hash. */
export function tileRgb(id: number): Rgb {
  const h = hash32(id + 0x9e37);
  return hslToRgb(
    h % 360,
    TILE_SATURATION[(h >>> 9) % 3] ?? 0.6,
    TILE_LIGHTNESS[(h >>> 13) % 3] ?? 0.6,
  );
}

/**
 * A muted stand-in for palette index `index` (the palette itself is in the REZ): greyish, so
 * filled cells read as background next to the saturated tile colours.
 */
export function fillRgb(index: number): Rgb {
  const h = hash32(index + 0x51ed);
  return hslToRgb(h % 360, 0.22, 0.36 + ((h >>> 12) % 3) * 0.06);
}

/** The colour of an object marker for a logic name. */
export function logicRgb(logic: string): Rgb {
  const h = hashText(logic);
  return hslToRgb(h % 360, 0.85, 0.5 + ((h >>> 11) % 2) * 0.1);
}

/** RGBA as one 32-bit ImageData pixel (little-endian: bytes R, G, B, A). */
export function packRgba(rgb: Rgb, alpha = 255): number {
  return ((alpha << 24) | (rgb.b << 16) | (rgb.g << 8) | rgb.r) >>> 0;
}

export function cssRgb(rgb: Rgb, alpha = 1): string {
  return alpha >= 1
    ? `rgb(${rgb.r} ${rgb.g} ${rgb.b})`
    : `rgb(${rgb.r} ${rgb.g} ${rgb.b} / ${alpha})`;
}

/** Black or white, whichever reads better on `rgb` (WCAG relative luminance). */
export function labelColor(rgb: Rgb): '#000000' | '#ffffff' {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(rgb.r) + 0.7152 * channel(rgb.g) + 0.0722 * channel(rgb.b);
  // Contrast with black (L + 0.05) / 0.05 against white 1.05 / (L + 0.05): equal at L ≈ 0.179.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/** Packed colours of all 65,536 tile ids, worked out on first use. */
export class TileColorTable {
  private readonly packed = new Uint32Array(65536);

  packedOf(id: number): number {
    const key = id & 0xffff;
    let value = this.packed[key]!;
    if (value === 0) {
      value = packRgba(tileRgb(key));
      this.packed[key] = value;
    }
    return value;
  }
}

/**
 * ASTC LDR colour endpoint modes (Khronos Data Format Specification, "LDR endpoint
 * decoding"): luminance (0, 1), luminance + alpha (4, 5), RGB scale (6, 10), RGB and RGBA
 * direct (8, 12) and base + offset (9, 13), with blue contraction when the second endpoint
 * is the darker one. The HDR modes (2, 3, 7, 11, 14, 15) return false: the caller shows
 * the error colour.
 */

const clamp255 = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : v);

/** "bit_transfer_signed": moves the top bit of `a` into `b`; `a` becomes a signed 6-bit offset. */
function transfer(
  values: Uint8Array | Int16Array,
  offsetAt: number,
  baseAt: number,
  out: Int16Array,
): void {
  let a = values[offsetAt]!;
  let b = values[baseAt]!;
  b = (b >> 1) | (a & 0x80);
  a = (a >> 1) & 0x3f;
  if (a & 0x20) a -= 0x40;
  out[offsetAt] = a;
  out[baseAt] = b;
}

const signedValues = new Int16Array(8);

/** Writes the two RGBA endpoints of an LDR mode; false for HDR modes. */
export function decodeEndpoints(
  mode: number,
  v: Uint8Array,
  at: number,
  out: Uint8Array,
  outAt: number,
): boolean {
  const set = (e: number, r: number, g: number, b: number, a: number): void => {
    const o = outAt + e * 4;
    out[o] = clamp255(r);
    out[o + 1] = clamp255(g);
    out[o + 2] = clamp255(b);
    out[o + 3] = clamp255(a);
  };
  const value = (i: number): number => v[at + i]!;
  switch (mode) {
    case 0:
      set(0, value(0), value(0), value(0), 255);
      set(1, value(1), value(1), value(1), 255);
      return true;
    case 1: {
      const l0 = (value(0) >> 2) | (value(1) & 0xc0);
      const l1 = Math.min(l0 + (value(1) & 0x3f), 255);
      set(0, l0, l0, l0, 255);
      set(1, l1, l1, l1, 255);
      return true;
    }
    case 4:
      set(0, value(0), value(0), value(0), value(2));
      set(1, value(1), value(1), value(1), value(3));
      return true;
    case 5: {
      const s = signedValues;
      for (let i = 0; i < 4; i++) s[i] = value(i);
      transfer(s, 1, 0, s);
      transfer(s, 3, 2, s);
      set(0, s[0]!, s[0]!, s[0]!, s[2]!);
      set(1, s[0]! + s[1]!, s[0]! + s[1]!, s[0]! + s[1]!, s[2]! + s[3]!);
      return true;
    }
    case 6:
    case 10: {
      const scale = value(3);
      const a0 = mode === 10 ? value(4) : 255;
      const a1 = mode === 10 ? value(5) : 255;
      set(0, (value(0) * scale) >> 8, (value(1) * scale) >> 8, (value(2) * scale) >> 8, a0);
      set(1, value(0), value(1), value(2), a1);
      return true;
    }
    case 8:
    case 12: {
      const a0 = mode === 12 ? value(6) : 255;
      const a1 = mode === 12 ? value(7) : 255;
      if (value(1) + value(3) + value(5) >= value(0) + value(2) + value(4)) {
        set(0, value(0), value(2), value(4), a0);
        set(1, value(1), value(3), value(5), a1);
      } else {
        // Blue contraction: the endpoints swap and red and green move halfway to blue.
        set(0, (value(1) + value(5)) >> 1, (value(3) + value(5)) >> 1, value(5), a1);
        set(1, (value(0) + value(4)) >> 1, (value(2) + value(4)) >> 1, value(4), a0);
      }
      return true;
    }
    case 9:
    case 13: {
      const s = signedValues;
      for (let i = 0; i < 8; i++) s[i] = value(i);
      for (let i = 0; i < (mode === 13 ? 8 : 6); i += 2) transfer(s, i + 1, i, s);
      const a0 = mode === 13 ? s[6]! : 255;
      const a1 = mode === 13 ? s[6]! + s[7]! : 255;
      const [r0, g0, b0] = [s[0]!, s[2]!, s[4]!];
      const [r1, g1, b1] = [r0 + s[1]!, g0 + s[3]!, b0 + s[5]!];
      if (s[1]! + s[3]! + s[5]! >= 0) {
        set(0, r0, g0, b0, a0);
        set(1, r1, g1, b1, a1);
      } else {
        set(0, (r1 + b1) >> 1, (g1 + b1) >> 1, b1, a1);
        set(1, (r0 + b0) >> 1, (g0 + b0) >> 1, b0, a0);
      }
      return true;
    }
    default:
      return false;
  }
}

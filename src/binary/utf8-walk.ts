/**
 * Where the text a UTF-8 decoder made lies in its bytes: a cursor that walks bytes and
 * UTF-16 code units together, by the WHATWG decoder's own steps (each maximal invalid
 * subpart is one U+FFFD), so a regular expression's match in `TextDecoder` output maps
 * back to the byte offset it came from, invalid bytes and all. The decoder must keep a
 * leading BOM (`ignoreBOM: true`), as this counts it as a character.
 */

export class Utf8Cursor {
  /** Byte offset reached, relative to `bytes`. */
  byteAt: number;
  /** UTF-16 code units the decoder made from `bytes[start, byteAt)`. */
  charAt = 0;

  constructor(
    private readonly bytes: Uint8Array,
    start = 0,
  ) {
    this.byteAt = start;
  }

  /**
   * Walks to the code point whose text starts at or contains unit `target` (a target in
   * the middle of a surrogate pair stops at the pair's first byte). Targets only grow.
   */
  advanceTo(target: number): number {
    while (this.charAt < target && this.byteAt < this.bytes.length) {
      const start = this.byteAt;
      const units = this.step();
      if (this.charAt + units > target) {
        this.byteAt = start;
        return start;
      }
      this.charAt += units;
    }
    return this.byteAt;
  }

  /** Decodes one code point (or one error) from `byteAt`; answers the units it made. */
  private step(): number {
    const { bytes } = this;
    const lead = bytes[this.byteAt++]!;
    if (lead <= 0x7f) return 1;
    let needed: number;
    let lower = 0x80;
    let upper = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) needed = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      needed = 2;
      if (lead === 0xe0) lower = 0xa0;
      if (lead === 0xed) upper = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      needed = 3;
      if (lead === 0xf0) lower = 0x90;
      if (lead === 0xf4) upper = 0x8f;
    } else return 1;
    for (let seen = 0; seen < needed; seen++) {
      const next = bytes[this.byteAt];
      // A byte out of range ends the error before it; that byte starts the next step.
      if (next === undefined || next < lower || next > upper) return 1;
      this.byteAt++;
      lower = 0x80;
      upper = 0xbf;
    }
    return needed === 3 ? 2 : 1;
  }
}

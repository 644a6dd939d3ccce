/**
 * The hashes KingsIsle names types and properties by (spec.md "Hashes"): string ID for
 * class names, djb2 for property names, and the property hash that joins a property's type
 * name and its name. All 32-bit, unsigned; text is hashed as UTF-8 bytes.
 */

const encoder = new TextEncoder();

/**
 * String ID: for each byte at index i, `state ^= rotl32(byte − 32, 5·i mod 32)`; the state
 * read as a signed i32, its absolute value as u32 (0x80000000 stays 0x80000000).
 */
export function stringId(text: string): number {
  const bytes = encoder.encode(text);
  let state = 0;
  for (let index = 0; index < bytes.length; index++) {
    const value = (bytes[index]! - 32) >>> 0;
    const shift = (5 * index) % 32;
    state ^= shift === 0 ? value : (value << shift) | (value >>> (32 - shift));
  }
  const signed = state | 0;
  return (signed < 0 ? -signed : signed) >>> 0;
}

/** djb2 as KingsIsle uses it: `h = h·33 + byte` from 5381, the result's low 31 bits. */
export function djb2(text: string): number {
  const bytes = encoder.encode(text);
  let hash = 5381;
  for (const byte of bytes) hash = (Math.imul(hash, 33) + byte) >>> 0;
  return hash & 0x7fffffff;
}

/** A property's hash: `string_id(type name) + djb2(property name)`, mod 2³². */
export function propertyHash(typeName: string, propertyName: string): number {
  return (stringId(typeName) + djb2(propertyName)) >>> 0;
}

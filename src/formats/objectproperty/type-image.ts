/**
 * A type list's compact image: what decoding needs of a list (classes, properties, enum
 * options, bases), in typed arrays and one table of distinct strings, made once when the
 * list is added (side-input-kinds.ts `prepare`) and kept beside it. Reading it back builds
 * nothing up front but a hash → class table: a class becomes objects the first time it is
 * asked for, so a 60 MB list is ready in milliseconds and a file that uses twenty classes
 * makes twenty.
 *
 * Layout, all u32 little-endian: a header (`DTLI`, version, counts), then classes (hash,
 * name, first base, base count, first property, property count), properties (name, type,
 * id, flags, container, bits: 1 dynamic, 2 pointer; hash, first option, option count),
 * enum options (name, value), bases (name), string ends, then the strings' UTF-8 bytes.
 * Every index is checked when the image is read, so a damaged image is a FormatError and
 * never a wrong class.
 */
import { ErrorCode, FormatError } from '../../binary/format-error.ts';
import { OBJECT_PROPERTY_FORMAT } from './errors.ts';
import type { ClassesByHash, EnumOption, TypeClass, TypeProperty } from './types.ts';

const MAGIC = 0x494c5444; // "DTLI"
const VERSION = 1;
const HEADER_WORDS = 8;
const CLASS_WORDS = 6;
const PROPERTY_WORDS = 9;
const OPTION_WORDS = 2;
const IS_DYNAMIC = 1;
const IS_POINTER = 2;

const imageError = (offset: number, detail: string) =>
  new FormatError({
    code: ErrorCode.BAD_VALUE,
    offset,
    detail: `type list image: ${detail}`,
    format: OBJECT_PROPERTY_FORMAT,
  });

/** A property as a list gives it, before it is written into an image. */
export type PropertyDraft = Omit<TypeProperty, 'enumOptions'> & {
  enumOptions: readonly EnumOption[];
};

/** u32 words appended to a buffer that doubles: no array of numbers for a list's million fields. */
class Words {
  private buffer = new Uint32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.buffer.length) {
      const larger = new Uint32Array(this.buffer.length * 2);
      larger.set(this.buffer);
      this.buffer = larger;
    }
    this.buffer[this.length++] = value;
  }

  get words(): Uint32Array {
    return this.buffer.subarray(0, this.length);
  }
}

/** Writes classes into an image, strings kept once each. */
export class TypeImageWriter {
  private readonly classes = new Words();
  private readonly properties = new Words();
  private readonly options = new Words();
  private readonly bases = new Words();
  private readonly strings = new Map<string, number>();

  private stringIndex(text: string): number {
    let index = this.strings.get(text);
    if (index === undefined) {
      index = this.strings.size;
      this.strings.set(text, index);
    }
    return index;
  }

  /** Adds a class; its properties are kept in ascending id (the shallow order). */
  addClass(
    name: string,
    hash: number,
    bases: readonly string[],
    properties: readonly PropertyDraft[],
  ): void {
    const sorted = [...properties].sort((a, b) => a.id - b.id);
    const { classes, properties: fields, options } = this;
    classes.push(hash >>> 0);
    classes.push(this.stringIndex(name));
    classes.push(this.bases.length);
    classes.push(bases.length);
    classes.push(fields.length / PROPERTY_WORDS);
    classes.push(sorted.length);
    for (const base of bases) this.bases.push(this.stringIndex(base));
    for (const property of sorted) {
      fields.push(this.stringIndex(property.name));
      fields.push(this.stringIndex(property.type));
      fields.push(property.id >>> 0);
      fields.push(property.flags >>> 0);
      fields.push(this.stringIndex(property.container));
      fields.push((property.isDynamic ? IS_DYNAMIC : 0) | (property.isPointer ? IS_POINTER : 0));
      fields.push(property.hash >>> 0);
      fields.push(options.length / OPTION_WORDS);
      fields.push(property.enumOptions.length);
      for (const option of property.enumOptions) {
        options.push(this.stringIndex(option.name));
        options.push(option.value >>> 0);
      }
    }
  }

  /** The image's bytes. */
  finish(): Uint8Array {
    const encoder = new TextEncoder();
    const texts = [...this.strings.keys()];
    let textBytes = new Uint8Array(texts.reduce((sum, text) => sum + text.length, 0) + 16);
    const ends = new Uint32Array(texts.length);
    let used = 0;
    texts.forEach((text, at) => {
      // A UTF-8 string takes at most 3 bytes per UTF-16 unit.
      if (used + text.length * 3 > textBytes.length) {
        const larger = new Uint8Array(Math.max(textBytes.length * 2, used + text.length * 3));
        larger.set(textBytes.subarray(0, used));
        textBytes = larger;
      }
      used += encoder.encodeInto(text, textBytes.subarray(used)).written;
      ends[at] = used;
    });
    const words =
      HEADER_WORDS +
      this.classes.length +
      this.properties.length +
      this.options.length +
      this.bases.length +
      ends.length;
    const image = new Uint8Array(words * 4 + used);
    const view = new Uint32Array(image.buffer, 0, words);
    view.set([
      MAGIC,
      VERSION,
      this.classes.length / CLASS_WORDS,
      this.properties.length / PROPERTY_WORDS,
      this.options.length / OPTION_WORDS,
      this.bases.length,
      texts.length,
      used,
    ]);
    let at = HEADER_WORDS;
    const parts = [this.classes, this.properties, this.options, this.bases].map(
      (part) => part.words,
    );
    for (const part of [...parts, ends]) {
      view.set(part, at);
      at += part.length;
    }
    image.set(textBytes.subarray(0, used), words * 4);
    return image;
  }
}

/** Whether `value < limit` for each index field, else a FormatError at the word. */
function checkBelow(words: Uint32Array, at: number, limit: number, what: string): void {
  if (words[at]! >= limit) throw imageError(at * 4, `${what} ${words[at]} is out of range`);
}

/** A range `[first, first + count)` of a part of `size` items, else a FormatError. */
function checkRange(words: Uint32Array, at: number, size: number, what: string): void {
  const first = words[at]!;
  const count = words[at + 1]!;
  if (first > size || count > size - first) {
    throw imageError(at * 4, `${what} ${first}+${count} is out of range`);
  }
}

/** A type list read from its image: classes made when first asked for. */
export class TypeImage {
  private readonly words: Uint32Array;
  private readonly classAt: number;
  private readonly propertyAt: number;
  private readonly optionAt: number;
  private readonly baseAt: number;
  private readonly endsAt: number;
  private readonly textAt: number;
  private readonly texts: (string | undefined)[];
  private readonly made: (TypeClass | undefined)[];
  private readonly decoder = new TextDecoder('utf-8');
  readonly classCount: number;

  constructor(private readonly bytes: Uint8Array) {
    if (bytes.length < HEADER_WORDS * 4 || bytes.byteOffset % 4 !== 0) {
      bytes = bytes.slice();
      this.bytes = bytes;
    }
    if (bytes.length < HEADER_WORDS * 4) throw imageError(0, 'too short');
    const header = new Uint32Array(bytes.buffer, bytes.byteOffset, HEADER_WORDS);
    if (header[0] !== MAGIC || header[1] !== VERSION) throw imageError(0, 'not an image');
    const [classes, properties, options, bases, strings, textBytes] = header.subarray(2);
    const counts = [classes!, properties!, options!, bases!, strings!, textBytes!];
    const wordCount =
      HEADER_WORDS +
      classes! * CLASS_WORDS +
      properties! * PROPERTY_WORDS +
      options! * OPTION_WORDS +
      bases! +
      strings!;
    if (wordCount * 4 + textBytes! !== bytes.length || counts.some((n) => n > bytes.length)) {
      throw imageError(4, `its counts do not match its ${bytes.length} bytes`);
    }
    this.words = new Uint32Array(bytes.buffer, bytes.byteOffset, wordCount);
    this.classCount = classes!;
    this.classAt = HEADER_WORDS;
    this.propertyAt = this.classAt + classes! * CLASS_WORDS;
    this.optionAt = this.propertyAt + properties! * PROPERTY_WORDS;
    this.baseAt = this.optionAt + options! * OPTION_WORDS;
    this.endsAt = this.baseAt + bases!;
    this.textAt = wordCount * 4;
    this.texts = new Array<string | undefined>(strings!);
    this.made = new Array<TypeClass | undefined>(classes!);
    this.check(properties!, options!, bases!, strings!, textBytes!);
  }

  /** Every index and range in bounds, string ends in order: then nothing read later can fail. */
  private check(properties: number, options: number, bases: number, strings: number, text: number) {
    const { words } = this;
    for (let at = this.classAt; at < this.propertyAt; at += CLASS_WORDS) {
      checkBelow(words, at + 1, strings, 'a class name');
      checkRange(words, at + 2, bases, 'bases');
      checkRange(words, at + 4, properties, 'properties');
    }
    for (let at = this.propertyAt; at < this.optionAt; at += PROPERTY_WORDS) {
      checkBelow(words, at, strings, 'a property name');
      checkBelow(words, at + 1, strings, 'a property type');
      checkBelow(words, at + 4, strings, 'a container');
      checkRange(words, at + 7, options, 'enum options');
    }
    for (let at = this.optionAt; at < this.baseAt; at += OPTION_WORDS) {
      checkBelow(words, at, strings, 'an option name');
    }
    for (let at = this.baseAt; at < this.endsAt; at++) checkBelow(words, at, strings, 'a base');
    let previous = 0;
    for (let at = this.endsAt; at < this.endsAt + strings; at++) {
      if (words[at]! < previous || words[at]! > text) throw imageError(at * 4, 'bad string end');
      previous = words[at]!;
    }
  }

  private text(index: number): string {
    let text = this.texts[index];
    if (text === undefined) {
      const start = index === 0 ? 0 : this.words[this.endsAt + index - 1]!;
      const end = this.words[this.endsAt + index]!;
      text = this.decoder.decode(this.bytes.subarray(this.textAt + start, this.textAt + end));
      this.texts[index] = text;
    }
    return text;
  }

  /** The hash of class `index` (in the order written). */
  hashOf(index: number): number {
    return this.words[this.classAt + index * CLASS_WORDS]!;
  }

  /** Class `index` as objects, made once. */
  classOf(index: number): TypeClass {
    const known = this.made[index];
    if (known) return known;
    const { words } = this;
    const at = this.classAt + index * CLASS_WORDS;
    const bases: string[] = [];
    for (let base = 0; base < words[at + 3]!; base++) {
      bases.push(this.text(words[this.baseAt + words[at + 2]! + base]!));
    }
    const properties: TypeProperty[] = [];
    for (let property = 0; property < words[at + 5]!; property++) {
      properties.push(this.property(words[at + 4]! + property));
    }
    const made: TypeClass = {
      name: this.text(words[at + 1]!),
      hash: words[at]!,
      bases,
      properties,
      propertiesByHash: new Map(properties.map((property) => [property.hash, property])),
    };
    this.made[index] = made;
    return made;
  }

  private property(index: number): TypeProperty {
    const { words } = this;
    const at = this.propertyAt + index * PROPERTY_WORDS;
    const enumOptions: EnumOption[] = [];
    for (let option = 0; option < words[at + 8]!; option++) {
      const optionAt = this.optionAt + (words[at + 7]! + option) * OPTION_WORDS;
      enumOptions.push({ name: this.text(words[optionAt]!), value: words[optionAt + 1]! });
    }
    return {
      name: this.text(words[at]!),
      type: this.text(words[at + 1]!),
      id: words[at + 2]!,
      flags: words[at + 3]!,
      container: this.text(words[at + 4]!),
      isDynamic: (words[at + 5]! & IS_DYNAMIC) !== 0,
      isPointer: (words[at + 5]! & IS_POINTER) !== 0,
      hash: words[at + 6]!,
      enumOptions,
    };
  }
}

/**
 * Classes by hash over several images, later images winning for the same hash (as lists
 * merge): a read-only map whose classes are made when first read.
 */
export class ImageClassMap implements ClassesByHash {
  private readonly where = new Map<number, [TypeImage, number]>();

  constructor(images: readonly TypeImage[]) {
    for (const image of images) {
      for (let index = 0; index < image.classCount; index++) {
        this.where.set(image.hashOf(index), [image, index]);
      }
    }
  }

  get size(): number {
    return this.where.size;
  }

  get(hash: number): TypeClass | undefined {
    const found = this.where.get(hash);
    return found ? found[0].classOf(found[1]) : undefined;
  }

  has(hash: number): boolean {
    return this.where.has(hash);
  }

  *values(): IterableIterator<TypeClass> {
    for (const [image, index] of this.where.values()) yield image.classOf(index);
  }
}

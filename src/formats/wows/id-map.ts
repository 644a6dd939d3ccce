/**
 * A map from 64-bit ids (two u32 halves) to small integers, for the node ids of a merged
 * build (400,000 of them): open addressing over typed arrays, so no BigInt and no string
 * key is made per node. The ids are CityHash64 values, already well mixed: the low half,
 * stirred once, picks the slot.
 */
const EMPTY = -1;
/** The fewest slots a map starts with: a small index's ids fit without a grow. */
const MIN_CAPACITY = 64;

/** The smallest power of two, at least `least`, that holds `count` ids at most half full. */
function capacityFor(count: number, least: number): number {
  let capacity = least;
  while (capacity < count * 2) capacity *= 2;
  return capacity;
}

export class IdMap {
  private keysLo: Uint32Array;
  private keysHi: Uint32Array;
  private values: Int32Array;
  private mask: number;
  private used = 0;

  constructor(expected = 1024) {
    const capacity = capacityFor(expected, MIN_CAPACITY);
    this.keysLo = new Uint32Array(capacity);
    this.keysHi = new Uint32Array(capacity);
    this.values = new Int32Array(capacity).fill(EMPTY);
    this.mask = capacity - 1;
  }

  /**
   * Makes room for `count` ids in all at once (a whole index about to be merged): one grow
   * to the size needed instead of a doubling at each power of two on the way there.
   */
  reserve(count: number): void {
    if (count * 2 <= this.values.length) return;
    this.rehash(capacityFor(count, this.values.length * 2));
  }

  get size(): number {
    return this.used;
  }

  private slotOf(lo: number, hi: number): number {
    let slot = Math.imul(lo ^ (hi >>> 7), 0x9e3779b1) & this.mask;
    while (this.values[slot] !== EMPTY) {
      if (this.keysLo[slot] === lo && this.keysHi[slot] === hi) return slot;
      slot = (slot + 1) & this.mask;
    }
    return slot;
  }

  /** The value of an id, or -1 when it has none. */
  get(lo: number, hi: number): number {
    return this.values[this.slotOf(lo >>> 0, hi >>> 0)]!;
  }

  /** Sets the value of an id unless it has one; returns the value it has now. */
  setIfAbsent(lo: number, hi: number, value: number): number {
    lo >>>= 0;
    hi >>>= 0;
    let slot = this.slotOf(lo, hi);
    const existing = this.values[slot]!;
    if (existing !== EMPTY) return existing;
    if ((this.used + 1) * 2 > this.values.length) {
      this.grow();
      slot = this.slotOf(lo, hi);
    }
    this.keysLo[slot] = lo;
    this.keysHi[slot] = hi;
    this.values[slot] = value;
    this.used++;
    return value;
  }

  private grow(): void {
    this.rehash(this.values.length * 2);
  }

  private rehash(capacity: number): void {
    const { keysLo, keysHi, values } = this;
    this.keysLo = new Uint32Array(capacity);
    this.keysHi = new Uint32Array(capacity);
    this.values = new Int32Array(capacity).fill(EMPTY);
    this.mask = capacity - 1;
    for (let slot = 0; slot < values.length; slot++) {
      const value = values[slot]!;
      if (value === EMPTY) continue;
      const at = this.slotOf(keysLo[slot]!, keysHi[slot]!);
      this.keysLo[at] = keysLo[slot]!;
      this.keysHi[at] = keysHi[slot]!;
      this.values[at] = value;
    }
  }
}

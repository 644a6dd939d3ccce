/** Decoded contents of recently viewed nodes, so paging a hex view does not decode again. */
const CACHE_BYTES = 256 * 1024 * 1024;

export class ContentCache {
  private readonly items = new Map<number, Uint8Array>();
  private bytes = 0;

  constructor(private readonly limit = CACHE_BYTES) {}

  get(key: number): Uint8Array | undefined {
    const value = this.items.get(key);
    if (value) {
      // Most recently used last: the first in the map is the next to go.
      this.items.delete(key);
      this.items.set(key, value);
    }
    return value;
  }

  set(key: number, value: Uint8Array): void {
    if (value.length > this.limit) return;
    const old = this.items.get(key);
    if (old) this.bytes -= old.length;
    this.items.set(key, value);
    this.bytes += value.length;
    for (const [oldKey, oldValue] of this.items) {
      if (this.bytes <= this.limit) break;
      this.items.delete(oldKey);
      this.bytes -= oldValue.length;
    }
  }

  clear(): void {
    this.items.clear();
    this.bytes = 0;
  }
}

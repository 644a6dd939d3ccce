/**
 * What the fuzzer needs to know of a format: valid seed files, where its tables have
 * boundaries (to truncate there), which u32 fields hold counts, sizes and offsets (to
 * forge them), and how to exercise a decoder fully on some bytes.
 */
export interface FuzzTarget {
  format: string;
  /** Valid files, made with the project's writers (and small real files when present). */
  seeds(): Promise<Uint8Array[]>;
  /**
   * For a format whose files name others (an index and its volumes): per seed, in seed
   * order, the files opened with it. The conformance suite opens each seed with its own.
   */
  companions?(): Promise<{ name: string; bytes: Uint8Array }[][]>;
  /** Offsets where a table, record or section starts or ends. */
  boundaries(bytes: Uint8Array): number[];
  /** Offsets of u32 fields worth forging: counts, sizes, offsets. */
  numberFields(bytes: Uint8Array): number[];
  /** Offsets of data-offset fields, for forging overlapping ranges (copy one to another). */
  rangeFields(bytes: Uint8Array): number[];
  /**
   * Decodes everything the app or CLI would: the table, then every entry or section.
   * Must resolve, or reject with a FormatError; anything else is a bug.
   */
  exercise(bytes: Uint8Array): Promise<void>;
  /**
   * Where the format has a writer that reproduces its seeds byte for byte: parses `bytes`
   * and writes the result again (the conformance suite checks it equals every seed).
   * Rejects with a FormatError when `bytes` do not parse.
   */
  roundTrip?(bytes: Uint8Array): Promise<Uint8Array>;
}

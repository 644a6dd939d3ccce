/**
 * Which dropped files go together, by name alone (the state layer knows no formats). A file
 * whose name an open session lists as missing goes to that session. Otherwise files whose
 * names extend another's (`vehicles.idx` with `vehicles_0001.pkg`, `level.dat` with
 * `level.dat.bak`) are offered to it as one open: its session takes the ones it names
 * (`FileSummary.sources`) and the rest open on their own. Unrelated files open side by side.
 */

interface Named {
  name: string;
}

export interface SourceGroup<T extends Named> {
  /** Opened first: its format decides. */
  main: T;
  /** Offered along with it. */
  companions: T[];
}

/** Lower-cased name without its last extension. */
function stemOf(name: string): string {
  const lower = name.toLowerCase();
  const dot = lower.lastIndexOf('.');
  return dot > 0 ? lower.slice(0, dot) : lower;
}

/** Whether `candidate` could go with `main`: its stem is main's, or main's plus a suffix. */
export function isCompanionName(main: string, candidate: string): boolean {
  if (main.toLowerCase() === candidate.toLowerCase()) return false;
  const mainStem = stemOf(main);
  const stem = stemOf(candidate);
  if (!stem.startsWith(mainStem)) return false;
  // `data` goes with `data_0001` and `data.idx`, not with `database`.
  const rest = stem.slice(mainStem.length);
  return rest === '' || /^[^a-z0-9]/.test(rest);
}

/**
 * Groups files by name: shortest stems lead, in drop order among equals, and each takes the
 * files that could go with it. Groups come in the order of their main files.
 */
export function groupSources<T extends Named>(files: readonly T[]): SourceGroup<T>[] {
  const byStemLength = files
    .map((file, order) => ({ file, order }))
    .sort((a, b) => stemOf(a.file.name).length - stemOf(b.file.name).length || a.order - b.order);
  const taken = new Set<T>();
  const groups: { order: number; group: SourceGroup<T> }[] = [];
  for (const { file: main, order } of byStemLength) {
    if (taken.has(main)) continue;
    taken.add(main);
    const companions = files.filter(
      (file) => !taken.has(file) && isCompanionName(main.name, file.name),
    );
    for (const companion of companions) taken.add(companion);
    groups.push({ order, group: { main, companions } });
  }
  return groups.sort((a, b) => a.order - b.order).map((entry) => entry.group);
}

/** The names a session lists as missing, lower-cased, for matching dropped files. */
export function missingNames(
  missing: readonly { name: string; alternatives?: readonly string[] }[],
): Set<string> {
  return new Set(
    missing.flatMap((source) =>
      [source.name, ...(source.alternatives ?? [])].map((name) => name.toLowerCase()),
    ),
  );
}

/**
 * The tree's filter language: a pattern typed into the filter box, compiled once into a
 * predicate that the tree runs over every entry path (a million per keystroke at scale).
 */

/** A compiled filter, testing one entry by its path and its name (the last segment). */
export interface EntryFilter {
  matches(path: string, name: string): boolean;
  /**
   * The same test when the name is `path.slice(nameStart)`, without making that string:
   * the tree keeps entry paths, not names, and a filter visits a million per keystroke.
   */
  matchesAt(path: string, nameStart: number): boolean;
}

/**
 * Turns a filter into a predicate over entry paths. A pattern with `*`, `?` or `[` is a
 * glob (`*` within a segment, `**` across segments); without a `/` it matches the entry's
 * name, with one the whole path. Anything else is a case-insensitive substring of the path.
 */
export function compileFilter(pattern: string): ((path: string, name: string) => boolean) | null {
  const filter = compileEntryFilter(pattern);
  return filter && ((path, name) => filter.matches(path, name));
}

/** compileFilter's filter with both tests; null for an empty pattern. */
export function compileEntryFilter(pattern: string): EntryFilter | null {
  const trimmed = pattern.trim();
  if (trimmed === '') return null;
  if (!/[*?[]/.test(trimmed)) {
    let test: (path: string) => boolean;
    // ASCII needles: a case-insensitive regex scans each path without a lower-cased copy
    // (a million copies per keystroke otherwise). Other needles keep toLowerCase semantics.
    if (/^[\x20-\x7e]*$/.test(trimmed)) {
      const literal = new RegExp(trimmed.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'), 'i');
      test = (path) => literal.test(path);
    } else {
      const needle = trimmed.toLowerCase();
      test = (path) => path.toLowerCase().includes(needle);
    }
    return { matches: test, matchesAt: test };
  }
  let source = '';
  for (let i = 0; i < trimmed.length; i++) {
    const char = trimmed[i]!;
    if (char === '*') {
      if (trimmed[i + 1] === '*') {
        i++;
        if (trimmed[i + 1] === '/') {
          i++;
          source += '(?:.*/)?';
        } else {
          source += '.*';
        }
      } else {
        source += '[^/]*';
      }
    } else if (char === '?') {
      source += '[^/]';
    } else if (char === '[') {
      const close = trimmed.indexOf(']', i + 1);
      if (close === -1) {
        source += '\\[';
      } else {
        const body = trimmed.slice(i + 1, close).replace(/\\/g, '\\\\');
        source += '[' + (body.startsWith('!') ? '^' + body.slice(1) : body) + ']';
        i = close;
      }
    } else {
      source += char.replace(/[.+^${}()|\\\]]/g, '\\$&');
    }
  }
  const regex = new RegExp('^' + source + '$', 'i');
  if (trimmed.includes('/')) {
    const test = (path: string) => regex.test(path);
    return { matches: test, matchesAt: test };
  }
  // Sticky: matches only from lastIndex, so it tests the name where it sits in the path.
  const atName = new RegExp(source + '$', 'iy');
  return {
    matches: (_path, name) => regex.test(name),
    matchesAt: (path, nameStart) => {
      atName.lastIndex = nameStart;
      return atName.test(path);
    },
  };
}

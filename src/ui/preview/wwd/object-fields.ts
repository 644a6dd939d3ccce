/**
 * Objects as text: a short title for tooltips and the list, and the object-list filter.
 * Every field of an object comes from the worker (the fields of its tree node), so the tree
 * and the level view show the same thing. File-derived strings are rendered as text.
 */
import type { WwdObject } from './level-types.ts';

/** The title of an object: its logic, else its name, else its id. */
export function objectTitle(object: WwdObject): string {
  if (object.logic !== '') return object.logic;
  if (object.name !== '') return object.name;
  return `object ${object.id}`;
}

/**
 * Whether an object matches the list filter: a case-insensitive substring of its logic,
 * name or image set, or its id (`179`, or `#179` for the exact id).
 */
export function objectMatches(object: WwdObject, query: string): boolean {
  const text = query.trim().toLowerCase();
  if (text === '') return true;
  if (text.startsWith('#')) return String(object.id) === text.slice(1).trim();
  return (
    object.logic.toLowerCase().includes(text) ||
    object.name.toLowerCase().includes(text) ||
    object.imageSet.toLowerCase().includes(text) ||
    String(object.id).includes(text)
  );
}

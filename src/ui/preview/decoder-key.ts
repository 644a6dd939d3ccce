/**
 * A React key for "this content of this file". Views are keyed by it so that choosing another
 * entry (or the same entry index in another file) remounts them: their state starts fresh
 * instead of briefly showing the previous entry. File ids are never reused.
 */
export { contentKey } from '../../state/content-ref.ts';

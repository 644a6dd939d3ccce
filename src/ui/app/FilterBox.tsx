/**
 * The filter box. Typing is debounced before the filter goes to the workers: each keystroke
 * would otherwise re-filter every open archive (a million entries each, possibly).
 */
import { useEffect, useState, type ReactElement } from 'react';
import { useActions, useFilter, useTotals } from '../../state/hooks.ts';
import { formatCountOf } from '../format.ts';

const DEBOUNCE_MS = 150;

export function FilterBox(): ReactElement {
  const { setFilter } = useActions();
  const appliedFilter = useFilter();
  const { matchCount, fileCount } = useTotals();
  const [text, setText] = useState(appliedFilter);

  useEffect(() => {
    if (text === appliedFilter) return;
    const timer = setTimeout(() => void setFilter(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, appliedFilter, setFilter]);

  return (
    <div className="filter" role="search">
      <label htmlFor="filter-input" className="visually-hidden">
        Filter entries
      </label>
      <input
        id="filter-input"
        data-testid="filter"
        type="search"
        className="filter-input"
        placeholder="Filter: name, *.xml, Textures/**"
        autoComplete="off"
        spellCheck={false}
        aria-describedby="filter-hint"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setText('');
        }}
      />
      <span id="filter-hint" className="filter-hint" aria-live="polite">
        {appliedFilter !== '' && fileCount > 0
          ? formatCountOf(matchCount ?? 0, 'match', 'matches')
          : 'Substring, or a glob with * ? [ ]'}
      </span>
    </div>
  );
}

/**
 * A comparison of two files: the counts of each status (each a toggle that shows or hides
 * its rows; unchanged hidden at first), a filter box, export to CSV or JSON, the diff tree,
 * and the change selected, side by side; or, when it failed, why, in their place.
 */
import { useEffect, useState, type ReactElement } from 'react';
import { DIFF_STATUS_ORDER, type Comparison } from '../../state/compare.ts';
import { formatCompareLink } from '../../state/compare-link.ts';
import type { DiffStatus } from '../../worker/rpc/api.ts';
import { asSentence, formatCount, formatCountOf } from '../format.ts';
import { ChangeView } from './ChangeView.tsx';
import './compare.css';
import { DiffTree, STATUS_MARKS } from './DiffTree.tsx';
import { compareActions, useComparison } from './use-compare.ts';

const DEBOUNCE_MS = 150;

function StatusToggles({ comparison }: { comparison: Comparison }): ReactElement {
  const shown = new Set(comparison.statuses);
  const toggle = (status: DiffStatus) => {
    const next = new Set(shown);
    if (next.has(status)) next.delete(status);
    else next.add(status);
    compareActions.showDiffStatuses(DIFF_STATUS_ORDER.filter((each) => next.has(each)));
  };
  return (
    <div className="diff-toggles" role="group" aria-label="Show statuses">
      {DIFF_STATUS_ORDER.map((status) => (
        <button
          key={status}
          type="button"
          className={`button button-small diff-toggle diff-${status}`}
          aria-pressed={shown.has(status)}
          data-testid={`diff-count-${status}`}
          onClick={() => toggle(status)}
        >
          {STATUS_MARKS[status]} {formatCount(comparison.counts[status])} {status}
        </button>
      ))}
    </div>
  );
}

function DiffFilter({ comparison }: { comparison: Comparison }): ReactElement {
  const [text, setText] = useState(comparison.filter);
  useEffect(() => {
    if (text === comparison.filter) return;
    const timer = setTimeout(() => compareActions.setDiffFilter(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, comparison.filter]);
  return (
    <div className="filter" role="search">
      <label htmlFor="diff-filter" className="visually-hidden">
        Filter differences
      </label>
      <input
        id="diff-filter"
        data-testid="diff-filter"
        type="search"
        className="filter-input"
        placeholder="Filter the differences: name, *.xml, Textures/**"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setText('');
        }}
      />
      {comparison.matchCount !== null && (
        <span className="filter-hint" aria-live="polite">
          {formatCountOf(comparison.matchCount, 'match', 'matches')}
        </span>
      )}
    </div>
  );
}

/** A link to the comparison and its selected change, when both sides were opened from the web. */
function CompareLinkAnchor({ comparison }: { comparison: Comparison }): ReactElement | null {
  const oldUrl = comparison.sides.oldUrls?.[0];
  const newUrl = comparison.sides.newUrls?.[0];
  if (oldUrl === undefined || newUrl === undefined) return null;
  const query = formatCompareLink({ oldUrl, newUrl, change: comparison.selectedPath });
  return (
    <a className="compare-link" data-testid="compare-link" href={`${location.pathname}${query}`}>
      Link to this comparison
    </a>
  );
}

/** Why a comparison failed, in place of its rows: there are none to show. */
function CompareFailure({ error }: { error: string | null }): ReactElement {
  return (
    <div className="compare-failure">
      <div className="error-box" role="alert" data-testid="compare-error">
        <strong>The files could not be compared.</strong>{' '}
        {asSentence(error ?? 'the comparison stopped')}
      </div>
    </div>
  );
}

export function CompareView(): ReactElement | null {
  const comparison = useComparison();
  if (!comparison) return null;
  const { sides, status } = comparison;
  const hasFailed = status === 'failed';
  return (
    <section className="compare-view" aria-label="Compare" data-testid="compare-view">
      <div className="compare-bar">
        <h2 className="compare-title">
          <span data-testid="compare-old">{sides.oldName}</span> →{' '}
          <span data-testid="compare-new">{sides.newName}</span>
        </h2>
        <span className="compare-state" role="status" data-testid="compare-state">
          {status === 'running' ? 'Comparing…' : status === 'failed' ? 'Failed' : 'Done'}
        </span>
        {!hasFailed && <StatusToggles comparison={comparison} />}
        {!hasFailed && <DiffFilter comparison={comparison} />}
        <button
          type="button"
          className="button button-small"
          onClick={() => void compareActions.swapComparison()}
        >
          Swap sides
        </button>
        <button
          type="button"
          className="button button-small"
          data-testid="diff-export-csv"
          disabled={status !== 'done'}
          onClick={() => void compareActions.exportDiff('csv')}
        >
          Export CSV
        </button>
        <button
          type="button"
          className="button button-small"
          data-testid="diff-export-json"
          disabled={status !== 'done'}
          onClick={() => void compareActions.exportDiff('json')}
        >
          Export JSON
        </button>
        <CompareLinkAnchor comparison={comparison} />
        <button
          type="button"
          className="button button-small"
          data-testid="compare-close"
          onClick={() => compareActions.closeComparison()}
        >
          Close compare
        </button>
      </div>
      {hasFailed ? (
        <CompareFailure error={comparison.error} />
      ) : (
        <ComparePanes comparison={comparison} />
      )}
    </section>
  );
}

function ComparePanes({ comparison }: { comparison: Comparison }): ReactElement {
  return (
    <div className="compare-panes">
      <div className="compare-tree-pane">
        <DiffTree
          rowCount={comparison.rowCount}
          rowsVersion={comparison.rowsVersion}
          selectedPath={comparison.selectedPath}
        />
      </div>
      <div className="compare-change-pane">
        {comparison.selectedPath !== null && comparison.status === 'done' ? (
          <ChangeView
            key={`${comparison.id}:${comparison.selectedPath}`}
            path={comparison.selectedPath}
          />
        ) : (
          <p className="diff-note">Select a change to see both sides.</p>
        )}
      </div>
    </div>
  );
}

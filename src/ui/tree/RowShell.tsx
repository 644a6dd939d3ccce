/**
 * The element every tree row renders: a treeitem with its level, state and roving tabindex.
 * The accessible name is the row's name; the columns are its description.
 *
 * The name comes from the row's content, not from an `aria-label`: a label must contain the
 * row's visible text (WCAG 2.5.3, label in name), and that includes the columns. So what is
 * shown besides the name — columns, badges, the close button — is hidden from the name
 * (`aria-hidden`), and the columns are still read as the description (`aria-describedby`
 * follows references into hidden content).
 */
import type { CSSProperties, MouseEvent, ReactElement, ReactNode } from 'react';

export interface RowShellProps {
  index: number;
  style: CSSProperties;
  /** 1 for a file's own row (aria-level is 1-based). */
  level: number;
  /** An accessible name for a row that shows none yet (a placeholder); others use their content. */
  label?: string | undefined;
  isSelected: boolean;
  /** The focused row while several may be selected: outlined, so it can be told apart. */
  isFocus: boolean;
  tabIndex: number;
  /** null for entries: only files and folders expand. */
  isExpanded: boolean | null;
  /** Position among siblings and their number, when known (file rows). */
  positionInSet?: { position: number; size: number } | undefined;
  className?: string;
  isBusy?: boolean;
  onClick(event: MouseEvent): void;
  onDoubleClick?: (() => void) | undefined;
  children: ReactNode;
}

export function RowShell(props: RowShellProps): ReactElement {
  const { index, level, isSelected, isExpanded, positionInSet } = props;
  const classes = [
    'tree-row',
    props.className ?? '',
    isSelected ? 'is-selected' : '',
    props.isFocus ? 'is-focus' : '',
  ];
  return (
    <div
      role="treeitem"
      aria-level={level}
      aria-selected={isSelected}
      aria-expanded={isExpanded ?? undefined}
      aria-posinset={positionInSet?.position}
      aria-setsize={positionInSet?.size}
      aria-label={props.label}
      aria-describedby={`tree-row-${index}-meta`}
      aria-busy={props.isBusy ?? undefined}
      tabIndex={props.tabIndex}
      data-row={index}
      className={classes.filter(Boolean).join(' ')}
      style={props.style}
      onClick={props.onClick}
      onDoubleClick={props.onDoubleClick}
    >
      {props.children}
    </div>
  );
}

/** The columns after the name; `display: contents`, so it exists only to be the description. */
export function RowMeta({ index, children }: { index: number; children: ReactNode }): ReactElement {
  return (
    <span id={`tree-row-${index}-meta`} className="tree-meta" aria-hidden="true">
      {children}
    </span>
  );
}

/** Disclosure triangle; clicking it toggles without moving the selection's meaning. */
export function Twisty({
  isExpanded,
  onToggle,
}: {
  isExpanded: boolean | null;
  onToggle(): void;
}): ReactElement {
  if (isExpanded === null) return <span className="twisty twisty-none" aria-hidden="true" />;
  return (
    <span
      className={`twisty ${isExpanded ? 'twisty-open' : 'twisty-closed'}`}
      aria-hidden="true"
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
    />
  );
}

import type { ReactElement } from 'react';

/**
 * A labelled search box of a search section (`.<block>`, whose label and input are
 * `.<block>-label` and `.<block>-input`): the down arrow goes to its first result.
 */
export function SearchField({
  id,
  block,
  label,
  testId,
  value,
  placeholder,
  onChange,
  resultSelector,
}: {
  /** Ids of the label and input start with it; the section is labelled by `<id>-label`. */
  id: string;
  block: string;
  label: string;
  testId: string;
  value: string;
  placeholder: string;
  onChange(value: string): void;
  /** The section's results, which the down arrow goes to. */
  resultSelector: string;
}): ReactElement {
  return (
    <>
      <label id={`${id}-label`} htmlFor={`${id}-input`} className={`${block}-label`}>
        {label}
      </label>
      <input
        id={`${id}-input`}
        className={`${block}-input`}
        type="search"
        data-testid={testId}
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown') return;
          const section = event.currentTarget.closest(`.${block}`);
          const first = section?.querySelector<HTMLElement>(resultSelector);
          if (first) {
            event.preventDefault();
            first.focus();
          }
        }}
      />
    </>
  );
}

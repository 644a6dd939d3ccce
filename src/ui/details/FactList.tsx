/** Label/value pairs as a description list; values are file-derived text, never HTML. */
import type { ReactElement } from 'react';

/** Label, value, and an optional title (e.g. exact bytes beside a human size). */
export type Fact = [label: string, value: string, title?: string];

export function FactList({ facts }: { facts: readonly Fact[] }): ReactElement {
  return (
    <dl className="facts">
      {facts.map(([label, value, title], at) => (
        <div className="fact" key={`${at}:${label}`}>
          <dt>{label}</dt>
          <dd title={title}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

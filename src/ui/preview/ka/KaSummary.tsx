/**
 * What a keyed archive holds, at a glance: its version, how many values and archives, the
 * string table's size; and how many values of each type (most common first).
 */
import type { ReactElement } from 'react';
import { formatCount, formatCountOf } from '../../format.ts';
import { FactList } from '../../details/FactList.tsx';
import type { KaViewSummary } from './ka-view-types.ts';

/** Type names by count, most first; ties by name, so the order is stable. */
export function typeCountRows(counts: Record<string, number>): [name: string, count: number][] {
  return Object.entries(counts).sort(([a, countA], [b, countB]) =>
    countA !== countB ? countB - countA : a < b ? -1 : a > b ? 1 : 0,
  );
}

/** The values counted by type: a container's own parts are not among them. */
function valueCount(summary: KaViewSummary): number {
  return Object.values(summary.typeCounts).reduce((sum, count) => sum + count, 0);
}

export function KaSummary({ summary }: { summary: KaViewSummary }): ReactElement {
  return (
    <section className="ka-summary" data-testid="ka-summary" aria-label="Archive summary">
      <FactList
        facts={[
          ['Version', summary.version],
          ['Values', formatCount(valueCount(summary))],
          ['Archives', formatCount(summary.archiveCount)],
          ['String table', formatCountOf(summary.stringTableSize, 'string')],
          ['Issues', summary.issueCount === 0 ? 'none' : formatCount(summary.issueCount)],
        ]}
      />
    </section>
  );
}

export function KaTypeCounts({ summary }: { summary: KaViewSummary }): ReactElement | null {
  const rows = typeCountRows(summary.typeCounts);
  if (rows.length === 0) return null;
  return (
    <table className="ka-type-counts" data-testid="ka-type-counts">
      <caption className="ka-caption">Values by type</caption>
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col" className="ka-num">
            Values
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, count]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td className="ka-num">{formatCount(count)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

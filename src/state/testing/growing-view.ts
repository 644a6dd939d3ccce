/**
 * A format for state tests whose session has a view, offered while the file is still read
 * (`OpenSink.openingView`), as a list read in batches offers its grid: the two-part test
 * format, with a view that answers how much of the file had been read when it was asked.
 * The open offers the view after its last progress report and then waits for `finishRead`,
 * so the page can ask the view before the open answers without any report saying there is one.
 */
import type { FormatModule, ViewCapability } from '../../formats/model.ts';
import { twoPartFormat } from '../../formats/testing/two-part.ts';
import { deferred } from './test-decoder.ts';

/** What the view answers, to `documentView` (its data) and to any question. */
export interface ReadSoFar {
  isWhole: boolean;
}

export const GROWING_VIEW = 'test-growing';

/** The question the view's pane asks first, when the view says so (`firstQuery`). */
export const FIRST_QUESTION = { kind: 'read', first: true };

/**
 * `reportsOffer`: a progress report follows the offer (as a list's next batch does), so the
 * page learns of the view before the open answers. `firstQuery`: the view names
 * FIRST_QUESTION as what its pane asks first (`ViewCapability.firstQueries`).
 */
export function growingViewFormat({ reportsOffer = false, firstQuery = false } = {}) {
  const offered = deferred();
  const finishRead = deferred();
  /** How often the view's data was taken and its questions answered. */
  const calls = { data: 0, requests: 0 };
  const format: FormatModule = {
    ...twoPartFormat,
    open: async (request) => {
      const session = await twoPartFormat.open(request);
      const read: ReadSoFar = { isWhole: false };
      const view: ViewCapability = {
        kind: GROWING_VIEW,
        data: () => {
          calls.data++;
          return { ...read };
        },
        request: () => {
          calls.requests++;
          return Promise.resolve({ ...read });
        },
        ...(firstQuery ? { firstQueries: () => [FIRST_QUESTION] } : {}),
      };
      request.sink.openingView?.(view);
      if (reportsOffer) request.sink.nodes([], 0, 0);
      offered.resolve();
      await finishRead.promise;
      read.isWhole = true;
      return { ...session, view };
    },
  };
  return {
    format,
    /** Resolved once the view has been offered (the open has not answered yet). */
    offered: offered.promise,
    /** Lets the open read the rest and answer. */
    finishRead: () => finishRead.resolve(),
    calls,
  };
}

import { describe, expect, it } from 'vitest';
import { nodeRef } from '../worker/rpc/api.ts';
import { contentKey } from './content-ref.ts';
import { createContentsSearch, type ContentsSearchDeps } from './contents-search.ts';
import { createPreviewSpots } from './deep-link-preview.ts';

function searchWith(isInTree: boolean) {
  const spots = createPreviewSpots();
  const notes: string[] = [];
  const deps: ContentsSearchDeps = {
    decoderOf: () => 'no decoder here',
    fileNameOf: () => 'a.wad',
    revealPath: async () => isInTree,
    wantSpot: (spot) => spots.want(spot),
    saveBlob: () => undefined,
    notify: (message) => notes.push(message),
  };
  return { search: createContentsSearch(deps), spots, notes };
}

const hit = { entryIndex: 7, path: 'Data/a.xml', offset: 0x1234, length: 6, context: 'FINDME' };

describe('opening a search hit', () => {
  it('asks the preview of its entry for hex at the match, marked over its whole length', async () => {
    const { search, spots } = searchWith(true);
    await search.openHit('f1', hit);
    expect(spots.store.getState().wanted).toEqual({
      key: contentKey('f1', nodeRef(7)),
      view: 'hex',
      offset: 0x1234,
      length: 6,
    });
  });
  it('asks again when another match of the same entry at the same offset is longer', async () => {
    const { search, spots } = searchWith(true);
    await search.openHit('f1', hit);
    await search.openHit('f1', { ...hit, length: 9 });
    expect(spots.store.getState().wanted?.length).toBe(9);
  });
  it('says so, and asks nothing, when the entry is not in the tree', async () => {
    const { search, spots, notes } = searchWith(false);
    await search.openHit('f1', hit);
    expect(spots.store.getState().wanted).toBeNull();
    expect(notes).toHaveLength(1);
  });
});

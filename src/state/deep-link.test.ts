import { describe, expect, it } from 'vitest';
import {
  EMPTY_LINK,
  formatDeepLink,
  linkTarget,
  NO_VIEW_STATE,
  parseDeepLink,
  parseLinkOffset,
  type DeepLink,
} from './deep-link.ts';

const LINK: DeepLink = {
  urls: ['https://example.test/game/a.idx', 'https://example.test/game/a & b.pkg'],
  file: 'a.idx',
  node: 'content/gui/logo #1.png',
  view: 'hex',
  offset: 0x1f4,
  state: NO_VIEW_STATE,
};

describe('deep links', () => {
  it('round-trip through the query string', () => {
    const search = formatDeepLink(LINK);
    expect(parseDeepLink(search)).toEqual(LINK);
  });

  it('read like a URL: names in order, paths with their slashes, offsets in hex', () => {
    expect(
      formatDeepLink({ ...EMPTY_LINK, file: 'demo.wad', node: 'UI/logo.png', offset: 64 }),
    ).toBe('?file=demo.wad&node=UI/logo.png&offset=0x40');
    expect(formatDeepLink(LINK)).toBe(
      '?url=https://example.test/game/a.idx&url=https://example.test/game/a%20%26%20b.pkg' +
        '&file=a.idx&node=content/gui/logo%20%231.png&view=hex&offset=0x1F4',
    );
  });

  it('keep parameters they do not own, and drop their own stale ones', () => {
    const search = formatDeepLink(
      { ...EMPTY_LINK, file: 'b.wad' },
      '?node=old&debug=1&url=https://x.test/old.wad',
    );
    expect(search).toBe('?file=b.wad&debug=1');
    expect(formatDeepLink(EMPTY_LINK, '?debug=1')).toBe('?debug=1');
    expect(formatDeepLink(EMPTY_LINK)).toBe('');
  });

  it('ignore what a link cannot mean', () => {
    expect(parseDeepLink('?node=a/b&view=<b>&offset=zz')).toEqual(EMPTY_LINK);
    expect(parseDeepLink('?file=x.wad&view=Hex%20View').view).toBeNull();
    expect(parseDeepLink('?url=&url=https://a.test/x&url=https://a.test/x').urls).toEqual([
      'https://a.test/x',
    ]);
  });

  it('take offsets in hex, with or without 0x, up to 2^53', () => {
    expect(parseLinkOffset('1f4')).toBe(500);
    expect(parseLinkOffset('0X1F4')).toBe(500);
    expect(parseLinkOffset('0')).toBe(0);
    expect(parseLinkOffset('1FFFFFFFFFFFFF')).toBe(2 ** 53 - 1);
    expect(parseLinkOffset('20000000000000')).toBeNull();
    expect(parseLinkOffset('-1')).toBeNull();
    expect(parseLinkOffset(null)).toBeNull();
  });

  it('compare by what they select, not by tab or offset', () => {
    expect(linkTarget({ ...LINK, view: 'text', offset: null })).toBe(linkTarget(LINK));
    expect(linkTarget({ ...LINK, node: null })).not.toBe(linkTarget(LINK));
    expect(linkTarget(EMPTY_LINK)).toBe('');
  });

  it("carry a decoded view's own state as view.<name>, dropping stale and malformed ones", () => {
    const link: DeepLink = {
      ...LINK,
      view: null,
      offset: null,
      state: { plane: 'all', at: '1,2' },
    };
    const search = formatDeepLink(link, '?view.zoom=400&debug=1');
    expect(search).toBe(
      '?url=https://example.test/game/a.idx&url=https://example.test/game/a%20%26%20b.pkg' +
        '&file=a.idx&node=content/gui/logo%20%231.png&view.plane=all&view.at=1%2C2&debug=1',
    );
    expect(parseDeepLink(search)).toEqual(link);
    expect(parseDeepLink(`?file=a&view.Bad%20Name=1&view.ok=${'9'.repeat(201)}`).state).toEqual({});
    // Without a file there is no view for the state to be about.
    expect(parseDeepLink('?view.zoom=50').state).toEqual({});
    expect(formatDeepLink({ ...EMPTY_LINK, state: { zoom: '50' } })).toBe('');
  });
});

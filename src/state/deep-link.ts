/**
 * Deep links: what a page's query string says about what is open and where the user is.
 *
 *   ?url=https://host/a.idx&url=https://host/a.pkg   remote files to open (repeated, in order)
 *   &file=a.idx                                      the file the selection is in, by name
 *   &node=content/gui/logo.png                       the selected node's stable path in it
 *   &view=hex                                        the preview tab (hex, text, image, audio)
 *   &offset=0x1F4                                    the byte the hex view marks (hex)
 *   &view.zoom=50&view.plane=1                        a decoded view's own state (view.<name>)
 *
 * `url` is read at startup by the remote-open code; the rest is read here. A link to a local
 * file carries only its name: nothing of the file leaves the machine. Parameters this module
 * does not know are kept as they are, so other features can add their own.
 */
import { hexOffset } from '../binary/hex.ts';

export interface DeepLink {
  /** Remote files the link opens, as `url=` parameters (in order, duplicates kept out). */
  urls: readonly string[];
  /** Name of the top-level file the selection is in; null: nothing selected. */
  file: string | null;
  /** Stable path of the selected node in that file; null: the file's own row. */
  node: string | null;
  /** Preview tab id; null: the preview's default. */
  view: string | null;
  /** Byte offset the hex view marks and scrolls to; null: none. */
  offset: number | null;
  /** The decoded view's own state, by name (`view.<name>=<value>`); empty: none. */
  state: ViewLinkState;
}

/** A decoded view's own link parameters: names and values the view alone interprets. */
export type ViewLinkState = Readonly<Record<string, string>>;

export const NO_VIEW_STATE: ViewLinkState = Object.freeze({});

export const EMPTY_LINK: DeepLink = {
  urls: [],
  file: null,
  node: null,
  view: null,
  offset: null,
  state: NO_VIEW_STATE,
};

/** The parameters this module reads and writes, in the order it writes them. */
const OWN_KEYS = ['url', 'file', 'node', 'view', 'offset'] as const;

/** Preview tab ids are short lower-case words; anything else in a link is ignored. */
const VIEW_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;
const OFFSET_PATTERN = /^(0x)?[0-9a-f]{1,14}$/i;
/** Prefix of a view's own parameters; the rest of the name is the view's name for it. */
const STATE_PREFIX = 'view.';
/** View state names are short words, like tab ids. */
const STATE_NAME_PATTERN = VIEW_PATTERN;
/** A view's state value is short: a number, an index, a pair. */
const MAX_STATE_VALUE = 200;
/** At most this many view parameters are read from a link. */
const MAX_STATE_PARAMS = 16;

const isStateParam = (key: string) => key.startsWith(STATE_PREFIX);

/** The view parameters of a query, by name; malformed names and long values are skipped. */
function parseViewState(params: URLSearchParams): ViewLinkState {
  const state: Record<string, string> = {};
  let count = 0;
  for (const [key, value] of params) {
    if (!isStateParam(key) || count >= MAX_STATE_PARAMS) continue;
    const name = key.slice(STATE_PREFIX.length);
    if (!STATE_NAME_PATTERN.test(name) || value.length > MAX_STATE_VALUE || name in state) continue;
    state[name] = value;
    count += 1;
  }
  return count === 0 ? NO_VIEW_STATE : state;
}

/** True when two view states hold the same names and values. */
export function sameViewState(a: ViewLinkState, b: ViewLinkState): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** An offset written `0x1F4` or `1F4` (always hex); null when it is not one. */
export function parseLinkOffset(text: string | null): number | null {
  if (text === null || !OFFSET_PATTERN.test(text)) return null;
  const value = Number.parseInt(text.replace(/^0x/i, ''), 16);
  return Number.isSafeInteger(value) ? value : null;
}

/** Reads a query string (`?a=b&…` or `a=b&…`). Missing or malformed values come back null. */
export function parseDeepLink(search: string): DeepLink {
  const params = new URLSearchParams(search);
  const urls = [...new Set(params.getAll('url').filter((url) => url !== ''))];
  const file = params.get('file') || null;
  // A node means nothing without the file it is in.
  const node = file === null ? null : params.get('node') || null;
  const viewText = params.get('view');
  const view = viewText !== null && VIEW_PATTERN.test(viewText) ? viewText : null;
  const offset = parseLinkOffset(params.get('offset'));
  // A view's state means nothing without the selection it is about.
  const state = file === null ? NO_VIEW_STATE : parseViewState(params);
  return { urls, file, node, view, offset, state };
}

/**
 * Like encodeURIComponent, but leaves `/` and `:` as they are: a query value may hold both,
 * and paths and URLs stay readable in the address bar.
 */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%2F/gi, '/').replace(/%3A/gi, ':');
}

/**
 * The query string of a link (`?…`, or '' for an empty one). `keep` is the current query:
 * its parameters that are not this module's stay, after the link's own.
 */
export function formatDeepLink(link: DeepLink, keep = ''): string {
  const pairs: [string, string][] = link.urls.map((url) => ['url', url]);
  if (link.file !== null) {
    pairs.push(['file', link.file]);
    if (link.node !== null) pairs.push(['node', link.node]);
    if (link.view !== null) pairs.push(['view', link.view]);
    if (link.offset !== null) pairs.push(['offset', hexOffset(link.offset)]);
    for (const [name, value] of Object.entries(link.state)) {
      if (STATE_NAME_PATTERN.test(name)) pairs.push([`${STATE_PREFIX}${name}`, value]);
    }
  }
  const own = new Set<string>(OWN_KEYS);
  for (const [key, value] of new URLSearchParams(keep)) {
    if (!own.has(key) && !isStateParam(key)) pairs.push([key, value]);
  }
  if (pairs.length === 0) return '';
  return `?${pairs.map(([key, value]) => `${encodeValue(key)}=${encodeValue(value)}`).join('&')}`;
}

/** What a link selects (file and node), as one comparable string; '' for nothing. */
export function linkTarget(link: DeepLink): string {
  return link.file === null ? '' : JSON.stringify([link.file, link.node]);
}

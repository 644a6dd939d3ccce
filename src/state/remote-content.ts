/**
 * Whether a server's answer is the file that was asked for or a web page standing in for it.
 * Many servers answer an address they have no file for with a page and status 200: a single-
 * page app's host (this one's included) sends its start page for any path, a portal sends a
 * login page. Opened as data, that page would read as a "file" of unknown format. So an
 * answer that is HTML, by its Content-Type or its first bytes, is refused, unless the address
 * itself names an HTML file; Delve's own page gets a message of its own.
 */

/** Bytes of the answer looked at: enough for a page's doctype and its `<title>`. */
export const PAGE_SNIFF_BYTES = 4096;

const HTML_NAME = /\.(?:x?html?|xht)$/i;
/** The start of an HTML document, after whitespace and a byte order mark. */
const HTML_START =
  /^(?:\uFEFF)?\s*(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<!--[\s\S]*?-->\s*<html)/i;
/** Delve's own page (index.html): its title names the app. */
const OWN_PAGE_TITLE = /<title>\s*Delve\b/i;

function isHtmlType(contentType: string | null): boolean {
  const essence = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return essence === 'text/html' || essence === 'application/xhtml+xml';
}

/**
 * Why the answer for a file named `name` is not that file, or null when it may be. `head`
 * is the answer's first bytes when they are at hand (a whole download has none yet).
 */
export function webPageInsteadOfFile(
  name: string,
  contentType: string | null,
  head: Uint8Array | null,
): string | null {
  if (HTML_NAME.test(name)) return null;
  const text = head
    ? new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, PAGE_SNIFF_BYTES))
    : '';
  if (OWN_PAGE_TITLE.test(text) && HTML_START.test(text)) {
    return 'the server answered with Delve’s own page, not a file: there is no file at this address (the server sends its start page for any address it does not know)';
  }
  if (isHtmlType(contentType) || HTML_START.test(text)) {
    return `the server answered with a web page (${isHtmlType(contentType) ? 'text/html' : 'HTML'}), not a file: the address is probably wrong, or the server wants a login first`;
  }
  return null;
}

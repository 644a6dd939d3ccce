/** KingsIsle DML protocol files (`*Messages.xml`): the registry's line points here. */
import type { FileTail, FormatModule } from '../model.ts';

/** The element every protocol's root holds first (spec.md "Messages"). */
const PROTOCOL_INFO = '<_ProtocolInfo';
/** The note a browser puts before an XML file it saved without a style sheet. */
const BROWSER_NOTE = 'This XML file does not appear';
const NAME = /Messages\.xml$/i;

const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
/** A letter, `_`, `:` or any character past ASCII (XML's name start characters, roughly). */
const isNameStart = (code: number) =>
  code === 0x5f ||
  code === 0x3a ||
  ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) ||
  code >= 0x80;

/**
 * What the head says of a protocol file: `protocol` when it shows the root's first child is
 * `_ProtocolInfo`; `unknown` when it is XML so far but ends before that child (a long
 * declaration or comment first, or a browser's note); `other` when it is not XML, or the
 * root's first child is something else.
 */
export function protocolShape(
  head: Uint8Array,
  isWholeFile: boolean,
): 'protocol' | 'unknown' | 'other' {
  const text = String.fromCharCode(...head);
  let at = text.startsWith('\u00ef\u00bb\u00bf') ? 3 : 0;
  // Ran out of head: undecided where more of the file follows, not a protocol otherwise.
  const ranOut = () => (isWholeFile ? 'other' : 'unknown');
  const skipSpace = () => {
    while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  };
  /** Skips comments, processing instructions and a DOCTYPE; false when one is cut off. */
  const skipMisc = (): boolean => {
    for (;;) {
      skipSpace();
      const end = text.startsWith('<!--', at)
        ? '-->'
        : text.startsWith('<?', at)
          ? '?>'
          : text.startsWith('<!DOCTYPE', at)
            ? '>'
            : null;
      if (end === null) return true;
      const found = text.indexOf(end, at + 2);
      if (found < 0) return false;
      at = found + end.length;
    }
  };
  skipSpace();
  const note = text.slice(at, at + BROWSER_NOTE.length);
  if (note.length < BROWSER_NOTE.length && BROWSER_NOTE.startsWith(note)) return ranOut();
  if (note === BROWSER_NOTE) {
    // The XML follows the note, from its first `<`.
    at = text.indexOf('<', at);
    if (at < 0) return ranOut();
  }
  if (!skipMisc()) return ranOut();
  if (at === text.length) return ranOut();
  if (text[at] !== '<') return 'other';
  if (at + 1 === text.length) return ranOut();
  if (!isNameStart(text.charCodeAt(at + 1))) return 'other';
  // The root's start tag, to its `>`; an empty root holds no protocol.
  const close = text.indexOf('>', at);
  if (close < 0) return ranOut();
  if (text[close - 1] === '/') return 'other';
  at = close + 1;
  if (!skipMisc()) return ranOut();
  const rest = text.slice(at, at + PROTOCOL_INFO.length + 1);
  if (rest.length <= PROTOCOL_INFO.length) {
    return PROTOCOL_INFO.startsWith(rest) ? ranOut() : 'other';
  }
  const after = rest.charCodeAt(PROTOCOL_INFO.length);
  return rest.startsWith(PROTOCOL_INFO) && (after === 0x3e || after === 0x2f || isSpace(after))
    ? 'protocol'
    : 'other';
}

/**
 * A protocol file by its content: XML whose root's first child is `_ProtocolInfo`. Its head
 * may end before that child (a long declaration or comment first): then a name ending
 * `Messages.xml` says it is one, as the client's files are named. Any other XML or text is
 * not claimed.
 */
export function detectDmlProtocol(
  head: Uint8Array,
  name: string,
  tail?: FileTail,
): 'magic' | 'name' | null {
  const shape = protocolShape(head, tail !== undefined && tail.size <= head.length);
  if (shape === 'protocol') return 'magic';
  return shape === 'unknown' && NAME.test(name) ? 'name' : null;
}

export const dmlProtocolFormat = {
  id: 'dml-protocol',
  label: 'DML protocol (*Messages.xml)',
  summary:
    'Wizard101 and Pirate101 network protocols: service id, messages by order with their typed fields, and a frame decoder for hex pasted from a capture',
  extensions: ['.xml'],
  detect: detectDmlProtocol,
  open: async (request) => (await import('./protocol-session.ts')).openDmlProtocolSession(request),
  fuzzTarget: async () => (await import('./protocol-fuzz-target.ts')).dmlProtocolFuzzTarget,
  cli: async () => (await import('./protocol-cli.ts')).dmlProtocolCli,
} as const satisfies FormatModule<'dml-protocol'>;

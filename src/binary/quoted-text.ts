/**
 * The one way file-derived text is quoted for display (details, value columns, views): in
 * double quotes, as it is. Not JSON: a path `..\CLAW.REZ` shows one backslash, not two, and a
 * quote inside stays a quote. Only control characters, which would vanish or break the line,
 * show as their Unicode pictures (NUL as ␀, a line feed as ␊); exports that must parse back
 * (JSON, YAML) escape with their own rules.
 */

// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\u0000-\u001f\u007f]/;
const UTF16 = new TextDecoder('utf-16le');

/**
 * `"text"` with control characters made visible, as the Control Pictures block shows them
 * (U+2400–U+2421). Names in damaged files can be long runs of control bytes: they are mapped
 * code by code in a typed array, about as fast as JSON.stringify escaped them.
 */
export function quotedText(text: string): string {
  if (!CONTROL.test(text)) return `"${text}"`;
  const codes = new Uint16Array(text.length);
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    codes[at] = code < 0x20 ? 0x2400 + code : code === 0x7f ? 0x2421 : code;
  }
  return `"${UTF16.decode(codes)}"`;
}

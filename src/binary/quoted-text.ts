/**
 * The one way file-derived text is quoted for display (details, value columns, views): in
 * double quotes, as it is. Not JSON: a path `..\CLAW.REZ` shows one backslash, not two, and a
 * quote inside stays a quote. Only control characters, which would vanish or break the line,
 * show as their Unicode pictures (NUL as ␀, a line feed as ␊); exports that must parse back
 * (JSON, YAML) escape with their own rules.
 */

/** C0 controls and DEL as the Control Pictures block shows them (U+2400–U+2421). */
function controlPicture(char: string): string {
  const code = char.charCodeAt(0);
  return String.fromCharCode(code === 0x7f ? 0x2421 : 0x2400 + code);
}

/** `"text"` with control characters made visible. */
export function quotedText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it replaces
  return `"${text.replace(/[\u0000-\u001f\u007f]/g, controlPicture)}"`;
}

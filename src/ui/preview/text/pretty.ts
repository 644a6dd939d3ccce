/**
 * Pretty-printers for the text preview. Both return null when the input is not well-formed,
 * and the view then shows the raw text: a viewer must never fail on bad input.
 */

/**
 * Re-indents JSON with 2 spaces, like `JSON.stringify(JSON.parse(text), null, 2)`, but by
 * tokens: number literals keep their exact digits (64-bit ids in game data would lose
 * precision through a double), and key order and duplicate keys stay as in the file.
 */
export function prettyJson(text: string): string | null {
  try {
    JSON.parse(text);
  } catch {
    return null;
  }
  const out: string[] = [];
  let depth = 0;
  const newline = () => '\n' + '  '.repeat(depth);
  for (let index = 0; index < text.length; index++) {
    const char = text[index] ?? '';
    if (char === '"') {
      // Copy the whole string literal, escapes included.
      let end = index + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out.push(text.slice(index, end + 1));
      index = end;
    } else if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      const next = nextNonSpace(text, index + 1);
      if (text[next] === close) {
        out.push(char + close);
        index = next;
      } else {
        depth++;
        out.push(char + newline());
      }
    } else if (char === '}' || char === ']') {
      depth--;
      out.push(newline() + char);
    } else if (char === ',') {
      out.push(',' + newline());
    } else if (char === ':') {
      out.push(': ');
    } else if (!isJsonSpace(char)) {
      out.push(char);
    }
  }
  return out.join('');
}

function isJsonSpace(char: string): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\r';
}

function nextNonSpace(text: string, from: number): number {
  let index = from;
  while (index < text.length && isJsonSpace(text[index] ?? '')) index++;
  return index;
}

type XmlToken =
  | { type: 'open'; raw: string; name: string }
  | { type: 'close'; raw: string; name: string }
  | { type: 'empty'; raw: string }
  | { type: 'text'; raw: string }
  | { type: 'other'; raw: string };

/** Index just past the `>` ending a tag that starts at `from`, skipping `>` inside quoted attribute values; -1 if none. */
function tagEnd(text: string, from: number): number {
  let quote: string | null = null;
  let bracketDepth = 0;
  for (let index = from + 1; index < text.length; index++) {
    const char = text[index];
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '[') {
      bracketDepth++; // a DOCTYPE internal subset holds `>` of its own declarations
    } else if (char === ']') {
      bracketDepth--;
    } else if (char === '>' && bracketDepth <= 0) {
      return index + 1;
    }
  }
  return -1;
}

function tokenizeXml(text: string): XmlToken[] | null {
  const tokens: XmlToken[] = [];
  let index = 0;
  const delimited = (open: string, close: string): boolean => {
    if (!text.startsWith(open, index)) return false;
    const end = text.indexOf(close, index + open.length);
    if (end < 0) throw new SyntaxError(`unterminated ${open}`);
    tokens.push({ type: 'other', raw: text.slice(index, end + close.length) });
    index = end + close.length;
    return true;
  };
  try {
    while (index < text.length) {
      if (delimited('<!--', '-->') || delimited('<![CDATA[', ']]>') || delimited('<?', '?>'))
        continue;
      if (text[index] === '<') {
        const end = tagEnd(text, index);
        if (end < 0) return null;
        const raw = text.slice(index, end);
        index = end;
        if (raw.startsWith('<!')) {
          tokens.push({ type: 'other', raw });
          continue;
        }
        const name = /^<\/?([^\s/>]+)/.exec(raw)?.[1];
        if (name === undefined) return null;
        if (raw.startsWith('</')) tokens.push({ type: 'close', raw, name });
        else if (raw.endsWith('/>')) tokens.push({ type: 'empty', raw });
        else tokens.push({ type: 'open', raw, name });
        continue;
      }
      const next = text.indexOf('<', index);
      const end = next < 0 ? text.length : next;
      const content = text.slice(index, end).trim();
      if (content !== '') tokens.push({ type: 'text', raw: content });
      index = end;
    }
  } catch {
    return null;
  }
  return tokens;
}

/**
 * Indents XML by element depth, 2 spaces a level. An element holding only text stays on one
 * line (`<name>Wand</name>`); whitespace between tags is replaced. Returns null for XML it
 * cannot follow: unterminated markup, mismatched or unclosed tags, no element at all.
 */
export function prettyXml(text: string): string | null {
  const tokens = tokenizeXml(text.replace(/^\uFEFF/, ''));
  if (tokens === null || !tokens.some((token) => token.type === 'open' || token.type === 'empty'))
    return null;
  const lines: string[] = [];
  const stack: string[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (token === undefined) break;
    const indent = '  '.repeat(stack.length);
    if (token.type === 'open') {
      const next = tokens[index + 1];
      const afterNext = tokens[index + 2];
      if (next?.type === 'close' && next.name === token.name) {
        lines.push(indent + token.raw + next.raw);
        index += 1;
      } else if (
        next?.type === 'text' &&
        afterNext?.type === 'close' &&
        afterNext.name === token.name
      ) {
        lines.push(indent + token.raw + next.raw + afterNext.raw);
        index += 2;
      } else {
        lines.push(indent + token.raw);
        stack.push(token.name);
      }
    } else if (token.type === 'close') {
      if (stack.pop() !== token.name) return null;
      lines.push('  '.repeat(stack.length) + token.raw);
    } else {
      lines.push(indent + token.raw);
    }
  }
  return stack.length === 0 ? lines.join('\n') : null;
}

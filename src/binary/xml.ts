/**
 * A small XML reader for the XML files formats read (DML `*Messages.xml` protocol files,
 * ObjectProperty ClassList type lists): elements with their attributes,
 * text and children, each with its offset in the text. It knows what such files use — the
 * declaration, comments, CDATA, a DOCTYPE (skipped), the five named entities and character
 * references — and nothing of namespaces or DTDs. Formats run without a DOM, so no
 * DOMParser. A file a browser saved ("This XML file does not appear to have any style
 * information…" before the XML) is read from its first `<`. A problem is a FormatError whose
 * offset is the character's in the text, its line and column in the detail: UNEXPECTED_EOF
 * where the text ends first (an element not closed, a comment without its end), BAD_VALUE
 * for anything else.
 */
import { ErrorCode } from './format-error.ts';
import { textError } from './text-error.ts';

export interface XmlElement {
  name: string;
  attributes: ReadonlyMap<string, string>;
  children: XmlElement[];
  /** The element's own text (entities decoded, CDATA as is), its children's left out. */
  text: string;
  /** Where its `<` is in the text. */
  offset: number;
  /** Just past its end: its end tag's `>`, or the `/>` of an empty element. */
  end: number;
}

const NAME_START = /[A-Za-z_:\u00c0-\uffff]/;
const NAME_PART = /[-A-Za-z0-9_:.\u00b7\u00c0-\uffff]/;
const SPACE = /[ \t\r\n]/;
const ENTITIES: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
};
/** The note a browser puts before an XML file it shows without a style sheet. */
const BROWSER_NOTE = 'This XML file does not appear';

class XmlScanner {
  at = 0;

  constructor(
    private readonly text: string,
    /** The format whose file this is, for its errors. */
    private readonly format: string,
  ) {}

  fail(detail: string, offset = this.at): never {
    throw textError(this.text, offset, detail, ErrorCode.BAD_VALUE, this.format);
  }

  /** Fails where the text ends before what it must hold (the end of the thing at `offset`). */
  failAtEnd(detail: string, offset = this.at): never {
    throw textError(this.text, offset, detail, ErrorCode.UNEXPECTED_EOF, this.format);
  }

  /** Fails for what was `expected` here: at the end of the text, because the text ended. */
  failExpected(detail: string): never {
    return this.isDone ? this.failAtEnd(detail) : this.fail(detail);
  }

  get isDone(): boolean {
    return this.at >= this.text.length;
  }

  startsWith(prefix: string): boolean {
    return this.text.startsWith(prefix, this.at);
  }

  skipSpace(): void {
    while (this.at < this.text.length && SPACE.test(this.text[this.at]!)) this.at++;
  }

  /** Moves past `end`, which must come; returns what was before it. */
  through(end: string, what: string): string {
    const found = this.text.indexOf(end, this.at);
    if (found < 0) this.failAtEnd(`${what} has no end (${end})`);
    const skipped = this.text.slice(this.at, found);
    this.at = found + end.length;
    return skipped;
  }

  expect(token: string, what: string): void {
    if (!this.startsWith(token)) this.failExpected(`expected ${JSON.stringify(token)} ${what}`);
    this.at += token.length;
  }

  name(what: string): string {
    const start = this.at;
    if (!NAME_START.test(this.text[this.at] ?? '')) this.failExpected(`expected ${what}`);
    while (this.at < this.text.length && NAME_PART.test(this.text[this.at]!)) this.at++;
    return this.text.slice(start, this.at);
  }

  /** Text up to a character of `stop` (not included), entities decoded. */
  chars(stop: string, what: string): string {
    let out = '';
    for (;;) {
      const start = this.at;
      while (this.at < this.text.length && !stop.includes(this.text[this.at]!)) {
        if (this.text[this.at] === '&') break;
        this.at++;
      }
      out += this.text.slice(start, this.at);
      if (this.text[this.at] !== '&') return out;
      const reference = this.through(';', `an entity in ${what}`).slice(1);
      const hex = /^#x([0-9a-f]+)$/i.exec(reference)?.[1];
      const decimal = /^#([0-9]+)$/.exec(reference)?.[1];
      const code = hex ? parseInt(hex, 16) : decimal ? Number(decimal) : null;
      if (code !== null && code <= 0x10ffff) out += String.fromCodePoint(code);
      else if (ENTITIES[reference] !== undefined) out += ENTITIES[reference];
      else this.fail(`unknown entity &${reference}; in ${what}`, this.at - reference.length - 2);
    }
  }

  /** Comments, processing instructions, a DOCTYPE and spaces, where they may be. */
  skipMisc(): void {
    for (;;) {
      this.skipSpace();
      if (this.startsWith('<!--')) this.through('-->', 'a comment');
      else if (this.startsWith('<?')) this.through('?>', 'a processing instruction');
      else if (this.startsWith('<!DOCTYPE')) this.through('>', 'the DOCTYPE');
      else return;
    }
  }
}

/** An element's start tag, from its `<`: its name, attributes and whether it closes itself. */
function startTag(scanner: XmlScanner): { element: XmlElement; isEmpty: boolean } {
  const offset = scanner.at;
  scanner.expect('<', 'for an element');
  const name = scanner.name('an element name');
  const attributes = new Map<string, string>();
  for (;;) {
    scanner.skipSpace();
    if (scanner.startsWith('/>') || scanner.startsWith('>')) break;
    const at = scanner.at;
    const attribute = scanner.name(`an attribute name or the end of <${name}>`);
    if (attributes.has(attribute)) scanner.fail(`attribute ${attribute} given twice`, at);
    scanner.skipSpace();
    scanner.expect('=', `after attribute ${attribute}`);
    scanner.skipSpace();
    const quote = scanner.startsWith('"') ? '"' : scanner.startsWith("'") ? "'" : null;
    if (!quote) scanner.failExpected(`attribute ${attribute} needs a quoted value`);
    scanner.at++;
    attributes.set(attribute, scanner.chars(`${quote}<`, `attribute ${attribute}`));
    scanner.expect(quote, `to end attribute ${attribute}`);
  }
  const isEmpty = scanner.startsWith('/>');
  scanner.at += isEmpty ? 2 : 1;
  const element: XmlElement = { name, attributes, children: [], text: '', offset, end: scanner.at };
  return { element, isEmpty };
}

/** Reads the XML `text` of a `format`'s file: its root element, with everything inside it. */
export function parseXml(text: string, format: string): XmlElement {
  const scanner = new XmlScanner(text, format);
  if (text.startsWith('\ufeff')) scanner.at = 1;
  scanner.skipSpace();
  if (scanner.startsWith(BROWSER_NOTE)) {
    const start = text.indexOf('<', scanner.at);
    if (start < 0) scanner.failAtEnd('no root element');
    scanner.at = start;
  }
  scanner.skipMisc();
  if (scanner.isDone) scanner.failAtEnd('no root element');
  const { element: root, isEmpty } = startTag(scanner);
  // Open elements, innermost last: a loop, so deep nesting cannot overflow the stack.
  const open: XmlElement[] = isEmpty ? [] : [root];
  while (open.length > 0) {
    const current = open[open.length - 1]!;
    if (scanner.isDone) scanner.failAtEnd(`<${current.name}> is not closed`, current.offset);
    if (scanner.startsWith('</')) {
      const at = scanner.at;
      scanner.at += 2;
      const name = scanner.name('an element name');
      if (name !== current.name) scanner.fail(`</${name}> closes <${current.name}>`, at);
      scanner.skipSpace();
      scanner.expect('>', `to end </${name}>`);
      current.end = scanner.at;
      open.pop();
    } else if (scanner.startsWith('<!--')) scanner.through('-->', 'a comment');
    else if (scanner.startsWith('<![CDATA[')) {
      scanner.at += '<![CDATA['.length;
      current.text += scanner.through(']]>', 'a CDATA section');
    } else if (scanner.startsWith('<?')) scanner.through('?>', 'a processing instruction');
    else if (scanner.startsWith('<')) {
      const child = startTag(scanner);
      current.children.push(child.element);
      if (!child.isEmpty) open.push(child.element);
    } else current.text += scanner.chars('<', `<${current.name}>`);
  }
  scanner.skipMisc();
  if (!scanner.isDone) scanner.fail('content after the root element');
  return root;
}

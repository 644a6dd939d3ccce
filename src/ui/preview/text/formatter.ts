/**
 * Which pretty-printer the text view tries, and whether its failure is worth a word. A
 * formatter is tried only for content that is JSON or XML by its type (its extension) or by
 * its first characters. Only content that claimed the type hears that it is not well-formed:
 * an `.ini` whose first line is `[General]` is no broken JSON, an HTML page no broken XML.
 */
import { extensionOf } from '../sniff.ts';
import { prettyJson, prettyXml } from './pretty.ts';

export interface TextFormatter {
  label: 'JSON' | 'XML';
  format: (text: string) => string | null;
  /** The name says the content is of this type: a failure to format is worth saying. */
  isClaimed: boolean;
}

// Not `.config`: game configs are as often `key = value` as XML; their first bytes decide.
const XML_EXTENSIONS = new Set(['xml', 'xsd', 'xsl', 'xslt', 'xaml', 'plist', 'svg']);
const JSON_EXTENSIONS = new Set(['json', 'jsonc', 'json5']);
/** Types that are text of another kind, whatever their first character. */
const OTHER_TEXT_EXTENSIONS = new Set(['html', 'htm', 'xhtml', 'ini', 'cfg', 'inf', 'reg', 'toml']);

const JSON_FORMATTER = { label: 'JSON', format: prettyJson } as const;
const XML_FORMATTER = { label: 'XML', format: prettyXml } as const;

/**
 * JSON by its first characters: an object opening with a key or closing at once, or an array
 * opening with a value (`[General]` opens an INI section, not an array).
 */
function startsLikeJson(text: string): boolean {
  const start = /^\s*([[{])\s*(.?)/.exec(text);
  if (!start) return false;
  const [, open, next = ''] = start;
  if (open === '{') return next === '"' || next === '}';
  return next === '' || /["{[\]\-0-9tfn]/.test(next);
}

/**
 * XML by its first characters: a declaration, or a first element that is not HTML's. A page
 * (`<!DOCTYPE html>`, `<html>`) is HTML, which the XML printer cannot follow (void elements).
 */
function startsLikeXml(text: string): boolean {
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('<?xml')) return true;
  if (/^<!doctype\s+html\b/i.test(head) || /^<html\b/i.test(head)) return false;
  return /^<(!DOCTYPE\s|!--|[A-Za-z_:])/.test(head);
}

/** The formatter to try for a text of this name, or null when it is neither JSON nor XML. */
export function formatterFor(name: string, text: string): TextFormatter | null {
  const extension = extensionOf(name);
  if (JSON_EXTENSIONS.has(extension)) return { ...JSON_FORMATTER, isClaimed: true };
  if (XML_EXTENSIONS.has(extension)) return { ...XML_FORMATTER, isClaimed: true };
  if (OTHER_TEXT_EXTENSIONS.has(extension)) return null;
  if (startsLikeJson(text)) return { ...JSON_FORMATTER, isClaimed: false };
  if (startsLikeXml(text)) return { ...XML_FORMATTER, isClaimed: false };
  return null;
}

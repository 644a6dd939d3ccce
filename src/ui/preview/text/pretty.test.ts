import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prettyJson, prettyXml } from './pretty.ts';

describe('prettyXml', () => {
  it('indents nested elements two spaces a level, text-only elements on one line', () => {
    const input =
      '<?xml version="1.0"?><Root><Item id="1"><Name>Wand</Name><Empty/></Item><Item id="2"></Item></Root>';
    expect(prettyXml(input)).toBe(
      [
        '<?xml version="1.0"?>',
        '<Root>',
        '  <Item id="1">',
        '    <Name>Wand</Name>',
        '    <Empty/>',
        '  </Item>',
        '  <Item id="2"></Item>',
        '</Root>',
      ].join('\n'),
    );
  });
  it('replaces existing whitespace between tags', () => {
    expect(prettyXml('<a>\n\t\t<b>x</b>\n    <c />\n</a>\n')).toBe(
      '<a>\n  <b>x</b>\n  <c />\n</a>',
    );
  });
  it('keeps comments, CDATA, doctype and processing instructions whole', () => {
    const input =
      '<!DOCTYPE r [<!ENTITY e "v">]><r><!-- a <b> c --><![CDATA[ <x> & ]]><?pi data?></r>';
    expect(prettyXml(input)).toBe(
      [
        '<!DOCTYPE r [<!ENTITY e "v">]>',
        '<r>',
        '  <!-- a <b> c -->',
        '  <![CDATA[ <x> & ]]>',
        '  <?pi data?>',
        '</r>',
      ].join('\n'),
    );
  });
  it('does not end a tag at a > inside a quoted attribute', () => {
    expect(prettyXml('<a expr="x > 1" other=\'<\'><b/></a>')).toBe(
      '<a expr="x > 1" other=\'<\'>\n  <b/>\n</a>',
    );
  });
  it('keeps mixed content readable', () => {
    expect(prettyXml('<p>Hello <b>big</b> world</p>')).toBe(
      '<p>\n  Hello\n  <b>big</b>\n  world\n</p>',
    );
  });
  it('handles namespaces and a leading BOM', () => {
    expect(prettyXml('\uFEFF<ns:a xmlns:ns="u"><ns:b>1</ns:b></ns:a>')).toBe(
      '<ns:a xmlns:ns="u">\n  <ns:b>1</ns:b>\n</ns:a>',
    );
  });
  it('returns null for XML it cannot follow', () => {
    expect(prettyXml('<a><b></a></b>')).toBeNull(); // mismatched
    expect(prettyXml('<a><b></b>')).toBeNull(); // unclosed
    expect(prettyXml('</a>')).toBeNull(); // stray close
    expect(prettyXml('<a attr="x')).toBeNull(); // unterminated tag
    expect(prettyXml('<a><!-- never closed</a>')).toBeNull();
    expect(prettyXml('just text')).toBeNull(); // no element
    expect(prettyXml('<>')).toBeNull();
    expect(prettyXml('')).toBeNull();
  });
  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            '<',
            '>',
            '/',
            'a',
            'b',
            '"',
            "'",
            '!',
            '-',
            '?',
            '[',
            ']',
            ' ',
            'x',
          ),
        }),
        (text) => {
          const result = prettyXml(text);
          expect(result === null || typeof result === 'string').toBe(true);
        },
      ),
    );
  });
});

describe('prettyJson', () => {
  it('matches JSON.stringify(value, null, 2) for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(prettyJson(JSON.stringify(value))).toBe(JSON.stringify(value, null, 2));
      }),
    );
  });
  it('re-indents already formatted JSON the same way', () => {
    expect(prettyJson('{\n    "a" :  [ 1 ,2 ],\r\n\t"b": { } }')).toBe(
      '{\n  "a": [\n    1,\n    2\n  ],\n  "b": {}\n}',
    );
  });
  it('keeps number literals exactly (no double rounding) and strings with escapes', () => {
    expect(prettyJson('{"id":12345678901234567890,"s":"a\\"b,{c}:\\\\"}')).toBe(
      '{\n  "id": 12345678901234567890,\n  "s": "a\\"b,{c}:\\\\"\n}',
    );
  });
  it('returns null for invalid JSON', () => {
    expect(prettyJson('{"a":')).toBeNull();
    expect(prettyJson('{a: 1}')).toBeNull();
    expect(prettyJson('')).toBeNull();
  });
});

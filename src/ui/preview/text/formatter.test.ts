import { describe, expect, it } from 'vitest';
import { formatterFor } from './formatter.ts';

const INI = '[General]\nvolume=0.8\nlanguage=en\n';
const HTML =
  '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>x</title></head><body><br></body></html>';

/** What the text view would say under the text: the formatter's label when a failure is said. */
function warning(name: string, text: string): string | null {
  const formatter = formatterFor(name, text);
  if (formatter === null || formatter.format(text) !== null) return null;
  return formatter.isClaimed ? `not well-formed ${formatter.label}` : null;
}

describe('formatterFor', () => {
  it('tries nothing on an INI file, even one whose first line opens a section', () => {
    expect(formatterFor('Config/settings.ini', INI)).toBeNull();
    // Without its extension, `[General]` is still no JSON array by its first bytes.
    expect(formatterFor('settings', INI)).toBeNull();
    expect(warning('settings.ini', INI)).toBeNull();
  });

  it('tries nothing on an HTML page, named or not', () => {
    expect(formatterFor('page.html', HTML)).toBeNull();
    expect(formatterFor('page.htm', '<p>x')).toBeNull();
    expect(formatterFor('index', HTML)).toBeNull();
    expect(formatterFor('index', '<html><body>x</body></html>')).toBeNull();
  });

  it('formats JSON and XML by type, and says so when content of that type does not parse', () => {
    expect(formatterFor('a.json', '{"a":1}')?.format('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(warning('a.json', '{"a":')).toBe('not well-formed JSON');
    expect(warning('b.xml', '<a><b></a>')).toBe('not well-formed XML');
    expect(formatterFor('b.xml', 'plain words')?.isClaimed).toBe(true);
  });

  it('formats JSON and XML by their first bytes, silently when they do not parse', () => {
    expect(formatterFor('data', ' [1, 2]')?.label).toBe('JSON');
    expect(formatterFor('data', '{\n  "a": 1}')?.label).toBe('JSON');
    expect(formatterFor('data', '<?xml version="1.0"?><a/>')?.label).toBe('XML');
    expect(formatterFor('data', '<Root><Item/></Root>')?.label).toBe('XML');
    expect(warning('data', '{"a": ')).toBeNull();
    expect(warning('data', '<Root><Item></Root>')).toBeNull();
    expect(warning('game.config', 'key = value')).toBeNull();
    expect(formatterFor('app.config', '<configuration/>')?.label).toBe('XML');
  });

  it('tries nothing on text that is neither', () => {
    expect(formatterFor('readme.txt', 'hello')).toBeNull();
    expect(formatterFor('build.log', '{not json at all')).toBeNull();
    expect(formatterFor('notes', '<- an arrow')).toBeNull();
  });
});

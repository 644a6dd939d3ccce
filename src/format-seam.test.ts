/**
 * The format seam: only a format's own folders (`src/formats/<id>/`, `src/ui/preview/<id>/`)
 * and the two registries (`src/formats/registry.ts`, `src/ui/preview/registry.ts`) may name a
 * format. Everything else — tree, hex, details, checksums, worker, state, CLI — is generic over
 * sessions, so a format id in its code means format knowledge leaked past the seam.
 *
 * Ids: every registered module's `id` (but `raw`, which stands for "any file" and is generic)
 * plus the formats planned next, so they are born behind the seam too.
 *
 * What counts as naming an id: the code of a module (identifiers, string and template text,
 * JSX text, regular expressions; never comments, which TypeScript's parser drops for us) is cut
 * into words (runs of letters, digits and `_`) and each word into parts at `_`, at camelCase
 * humps and between letters and digits: `WwdPanes` → wwd·panes, `KIWAD_MAGIC` → kiwad·magic,
 * `isWWDFile` → is·wwd·file, `sc2View` → sc·2·view, `'formats/kiwad/read.ts'` → … kiwad ….
 * A hit is a run of whole consecutive parts of one word that spells the id, case-insensitively:
 * `objectProperty` and `OBJECT_PROPERTY` name `objectproperty`; `okay`, `kaput` and `'.wad'`
 * name nothing. A format's folders may name only that format, and the formats it builds on:
 * a module of one format folder that imports another's (`sc2/` reading its archives with
 * `../ka/read.ts`) may name that one, and no other.
 *
 * Not scanned: tests (`*.test.ts(x)`, fuzz tests included), `testing/` folders, the
 * conformance and fuzz suites (they run every format by design), generated files
 * (`*.generated.ts`, base64 that would spell anything).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FORMATS } from './formats/registry.ts';
import type { FormatModule } from './formats/model.ts';

/** Formats planned next: they must enter behind the seam as well. */
const PLANNED_IDS = ['wows', 'ka', 'sc2', 'scg', 'dvpl', 'dml', 'objectproperty'];
/** Generic: the format of a file no module recognises. */
const GENERIC_IDS = new Set(['raw']);
const REGISTRIES = new Set(['src/formats/registry.ts', 'src/ui/preview/registry.ts']);

const root = fileURLToPath(new URL('..', import.meta.url));

export interface SeamHit {
  line: number;
  id: string;
  /** The word that names it. */
  word: string;
}

/** The ids a module is checked for. */
export function formatIds(): string[] {
  const registered = FORMATS.map((format) => format.id as string);
  return [...new Set([...registered, ...PLANNED_IDS])].filter((id) => !GENERIC_IDS.has(id));
}

/** Whether a repository path (`src/...`) is scanned at all. */
export function isScanned(path: string): boolean {
  if (!/^src\/.*\.tsx?$/.test(path)) return false;
  if (/\.test\.tsx?$/.test(path) || path.endsWith('.generated.ts')) return false;
  if (path.split('/').includes('testing')) return false;
  return !path.startsWith('src/formats/conformance/') && !path.startsWith('src/formats/fuzz/');
}

/** The format folder a module is in (`src/formats/<id>/`, `src/ui/preview/<id>/`), or null. */
function formatFolderOf(path: string): string | null {
  return /^src\/(?:formats|ui\/preview)\/([^/]+)\//.exec(path)?.[1] ?? null;
}

/**
 * Whether the module at `path` may name format `id`: the registries, the format's own
 * folders, and a format folder's module that imports from `id`'s folder (`builtOn`).
 */
export function mayName(
  path: string,
  id: string,
  builtOn: ReadonlySet<string> = new Set(),
): boolean {
  return (
    REGISTRIES.has(path) ||
    path.startsWith(`src/formats/${id}/`) ||
    path.startsWith(`src/ui/preview/${id}/`) ||
    (formatFolderOf(path) !== null && builtOn.has(id))
  );
}

/** The format folders whose modules `source` imports (`../ka/read.ts` → ka). */
export function importedFormatFolders(source: string): Set<string> {
  const folders = new Set<string>();
  for (const match of source.matchAll(/\bfrom\s+'(?:\.\.\/)+(?:formats\/)?([^/.']+)\//g)) {
    folders.add(match[1]!);
  }
  return folders;
}

/** Lower-case parts of one word: `isWWDFile` → is, wwd, file; `sc2View` → sc, 2, view. */
function parts(word: string): string[] {
  return (word.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []).map((p) => p.toLowerCase());
}

/** The ids among `ids` that some run of consecutive parts of `word` spells. */
function idsInWord(word: string, ids: readonly string[]): string[] {
  const p = parts(word);
  const found: string[] = [];
  for (const id of ids) {
    search: for (let start = 0; start < p.length; start++) {
      let spelled = '';
      for (let end = start; end < p.length && spelled.length < id.length; end++) {
        spelled += p[end];
        if (spelled === id) {
          found.push(id);
          break search;
        }
      }
    }
  }
  return found;
}

const TEXT_KINDS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.Identifier,
  ts.SyntaxKind.PrivateIdentifier,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.JsxText,
  ts.SyntaxKind.RegularExpressionLiteral,
]);

/** Literal text with every `.ext` (a dot, then letters and digits) taken out. */
function withoutExtensions(text: string): string {
  return text.replace(/\.[A-Za-z0-9]+/g, ' ');
}

/** Every format id the code of `source` names, comments aside. `path` picks TS or TSX. */
export function scanSource(path: string, source: string, ids: readonly string[]): SeamHit[] {
  const file = ts.createSourceFile(
    path,
    source,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    false,
    path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const hits: SeamHit[] = [];
  const visit = (node: ts.Node): void => {
    if (TEXT_KINDS.has(node.kind)) {
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      // A file name's extension in text (`hull.dds`, `*.dds`) is the kind of a file, not a
      // reference to a format's module: texture names are everywhere in archives' samples.
      // A regular expression matching one is detection, and still counts.
      const isText =
        node.kind !== ts.SyntaxKind.Identifier &&
        node.kind !== ts.SyntaxKind.PrivateIdentifier &&
        node.kind !== ts.SyntaxKind.RegularExpressionLiteral;
      const text = isText ? withoutExtensions(node.getText(file)) : node.getText(file);
      for (const word of text.match(/[A-Za-z0-9_]+/g) ?? []) {
        for (const id of idsInWord(word, ids)) hits.push({ line, id, word });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return hits;
}

/** The formats a format folder's module may name as its companions (FormatModule.companions). */
function companionsOf(folder: string | null): readonly string[] {
  const module: FormatModule | undefined = FORMATS.find((format) => format.id === folder);
  return module?.companions ?? [];
}

/** The modules scanned, and those outside the seam that name a format, with what they name. */
function scanRepository(ids: readonly string[]): {
  paths: string[];
  offenders: Map<string, SeamHit[]>;
} {
  const offenders = new Map<string, SeamHit[]>();
  const paths = readdirSync(`${root}src`, { recursive: true, encoding: 'utf8' })
    .map((relative) => `src/${relative.split('\\').join('/')}`)
    .filter(isScanned)
    .sort();
  for (const path of paths) {
    const source = readFileSync(`${root}${path}`, 'utf8');
    const builtOn = importedFormatFolders(source);
    for (const id of companionsOf(formatFolderOf(path))) builtOn.add(id);
    const hits = scanSource(path, source, ids).filter((hit) => !mayName(path, hit.id, builtOn));
    if (hits.length > 0) offenders.set(path, hits);
  }
  return { paths, offenders };
}

function report(offenders: Map<string, SeamHit[]>): string {
  const lines = [...offenders].map(([path, hits]) => {
    const shown = hits.slice(0, 4).map((hit) => `${hit.line}: ${hit.word}`);
    const more = hits.length > 4 ? `, … ${hits.length - 4} more` : '';
    return `  ${path} (${[...new Set(hits.map((hit) => hit.id))].join(', ')}): ${shown.join(', ')}${more}`;
  });
  return `${offenders.size} module(s) outside a format's folders name a format:\n${lines.join('\n')}`;
}

describe('the scanner', () => {
  const ids = ['kiwad', 'wwd', 'sc2', 'ka', 'objectproperty'];
  const named = (source: string, path = 'src/state/x.ts') =>
    scanSource(path, source, ids).map((hit) => hit.id);

  it('finds an id planted in a string, an identifier, a template, JSX and an import', () => {
    expect(named("export const label = 'KIWAD archive';")).toEqual(['kiwad']);
    expect(named('export const WwdPanes = 1;')).toEqual(['wwd']);
    expect(named('export const t = `${1} wwd ${2}`;')).toEqual(['wwd']);
    expect(named('export const v = <p>Kiwad</p>;', 'src/ui/x.tsx')).toEqual(['kiwad']);
    expect(named("import type { Entry } from '../formats/kiwad/types.ts';")).toEqual(['kiwad']);
    expect(named('export const r = /\\.wwd$/i;')).toEqual(['wwd']);
  });

  it('matches whole word parts, in any case and across camelCase and snake_case', () => {
    expect(named('isWWDFile; sc2View; SC2; Sc2; openKa; KA_MAGIC;')).toEqual([
      'wwd',
      'sc2',
      'sc2',
      'sc2',
      'ka',
      'ka',
    ]);
    expect(named('objectProperty; OBJECT_PROPERTY; ObjectPropertyView;')).toEqual([
      'objectproperty',
      'objectproperty',
      'objectproperty',
    ]);
    expect(named("okay; kaput; wwdx; sc20; 'demo.wad'; make; Kiwadish;")).toEqual([]);
  });

  it('takes a file name extension in text for a kind of file, not a format', () => {
    const ids = ['dds', 'kiwad'];
    expect(scanSource('x.ts', "const name = 'Textures/hull.dds';", ids)).toEqual([]);
    expect(scanSource('x.ts', "const filter = '*.dds';", ids)).toEqual([]);
    // The id itself, outside a file name, still counts; so does an identifier.
    expect(scanSource('x.ts', "const id = 'dds';", ids).map((hit) => hit.id)).toEqual(['dds']);
    expect(scanSource('x.ts', 'const ddsView = 1;', ids).map((hit) => hit.id)).toEqual(['dds']);
  });

  it('skips comments', () => {
    const source = [
      '// kiwad',
      '/* wwd */',
      '/**',
      ' * The KIWAD reader.',
      ' */',
      'export const x = 1; // WwdPanes',
      "export const url = 'http://example.com/'; // kiwad",
    ].join('\n');
    expect(named(source)).toEqual([]);
  });

  it('exempts a format folder for its own id only, and the registries', () => {
    expect(mayName('src/formats/kiwad/read.ts', 'kiwad')).toBe(true);
    expect(mayName('src/ui/preview/wwd/LevelView.tsx', 'wwd')).toBe(true);
    expect(mayName('src/formats/kiwad/read.ts', 'wwd')).toBe(false);
    expect(mayName('src/formats/registry.ts', 'wwd')).toBe(true);
    expect(mayName('src/ui/preview/registry.ts', 'kiwad')).toBe(true);
    expect(mayName('src/worker/adapters/kiwad.ts', 'kiwad')).toBe(false);
    expect(mayName('src/formats/kiwadx/read.ts', 'kiwad')).toBe(false);
  });

  it('lets a format folder name the formats it imports, and only those, only there', () => {
    const source = "import { walkKa } from '../ka/read.ts';\nimport type { X } from '../model.ts';";
    const builtOn = importedFormatFolders(source);
    expect([...builtOn]).toEqual(['ka']);
    expect(mayName('src/formats/sc2/read.ts', 'ka', builtOn)).toBe(true);
    expect(mayName('src/formats/sc2/read.ts', 'kiwad', builtOn)).toBe(false);
    // Generic code that imports a format's module still may not name it.
    expect(mayName('src/worker/rpc/impl.ts', 'ka', builtOn)).toBe(false);
    expect([...importedFormatFolders("import { x } from '../../formats/wows/read.ts';")]).toEqual([
      'wows',
    ]);
  });

  it('scans modules but not tests, testing/ folders, suites or generated files', () => {
    expect(isScanned('src/state/app.ts')).toBe(true);
    expect(isScanned('src/ui/app/App.tsx')).toBe(true);
    expect(isScanned('src/state/app.test.ts')).toBe(false);
    expect(isScanned('src/ui/x.test.tsx')).toBe(false);
    expect(isScanned('src/worker/rpc/impl.fuzz.test.ts')).toBe(false);
    expect(isScanned('src/state/testing/fake-decoder.ts')).toBe(false);
    expect(isScanned('src/formats/conformance/suite.ts')).toBe(false);
    expect(isScanned('src/formats/fuzz/targets.ts')).toBe(false);
    expect(isScanned('src/binary/wasm/inflate-wasm.generated.ts')).toBe(false);
    expect(isScanned('src/ui/preview/preview.css')).toBe(false);
  });

  it('knows the registered formats', () => {
    expect(formatIds()).toEqual(expect.arrayContaining(['kiwad', 'wwd', ...PLANNED_IDS]));
    expect(formatIds()).not.toContain('raw');
  });
});

describe('the format seam', () => {
  it('no module outside a format folder or a registry names a format', () => {
    const { paths, offenders } = scanRepository(formatIds());
    // It really read the tree: every layer has modules to scan.
    for (const layer of ['binary', 'formats', 'worker', 'state', 'ui', 'cli']) {
      expect(
        paths.some((path) => path.startsWith(`src/${layer}/`)),
        layer,
      ).toBe(true);
    }
    expect(offenders.size, report(offenders)).toBe(0);
  });
});

/**
 * The CLI is generic over sessions: two stand-in formats (an archive of `path=text` lines
 * and a document) are added to the registry, and every command works on them through the
 * node model and capabilities alone — listing, reading, extracting, verifying with every
 * status, the default `info`, a format's writer chosen by extension, the help. And no
 * CLI source file names a format id: what is a format's own comes through model.ts FormatCli.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { FormatModule } from '../formats/model.ts';
import type * as Registry from '../formats/registry.ts';
import { cliIn } from './testing/run-cli.ts';

const fakes = vi.hoisted(() => {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const ARCHIVE_MAGIC = 'FAKEARC\n';
  const DOCUMENT_MAGIC = 'FAKEDOC\n';
  const startsWith = (head: Uint8Array, magic: string) =>
    decoder.decode(head.subarray(0, magic.length)) === magic;

  /** `FAKEARC\n` then `path=text` lines; `!fatal` stops the read there. */
  const archive: FormatModule = {
    id: 'fake-archive',
    label: 'Fake archive',
    summary: 'lines of path=text, for the CLI tests',
    extensions: ['.fake'],
    detect: (head) => (startsWith(head, ARCHIVE_MAGIC) ? 'magic' : null),
    async open({ sources }) {
      const source = sources[0]!;
      const bytes = await source.read(0, source.size);
      const nodes: { path: string; offset: number; bytes: Uint8Array }[] = [];
      let fatal: {
        code: 'BAD_VALUE';
        message: string;
        offset: number;
        format: string;
        path: string;
      } | null = null;
      let offset = ARCHIVE_MAGIC.length;
      for (const line of decoder.decode(bytes.subarray(offset)).split('\n')) {
        if (line === '!fatal') {
          fatal = {
            code: 'BAD_VALUE',
            message: `bad value at 0x${offset.toString(16).toUpperCase()}: a fatal line`,
            offset,
            format: 'fake-archive',
            path: '',
          };
          break;
        }
        const equals = line.indexOf('=');
        if (equals > 0) {
          const content = encoder.encode(line.slice(equals + 1));
          nodes.push({ path: line.slice(0, equals), offset: offset + equals + 1, bytes: content });
        }
        offset += encoder.encode(line).length + 1;
      }
      const statusOf = (path: string) =>
        path.startsWith('bad')
          ? 'mismatch'
          : path.startsWith('gone')
            ? 'missing'
            : path.startsWith('plain')
              ? 'unsupported'
              : 'ok';
      return {
        format: 'fake-archive',
        label: 'Fake archive v1',
        facts: [['Entries', String(nodes.length)]],
        issues: [{ severity: 'warning', code: 'FAKE', message: 'a fake issue' }],
        fatal,
        layout: 'archive',
        columnSets: { default: [] },
        nodeCount: () => nodes.length,
        nodeTable: () => ({
          path: (index) => nodes[index]!.path,
          size: (index) => nodes[index]!.bytes.length,
          storedSize: (index) => nodes[index]!.bytes.length,
        }),
        details: (index) => {
          const node = nodes[index]!;
          return {
            index,
            path: node.path,
            kind: 'entry',
            size: node.bytes.length,
            storedSize: node.bytes.length,
            span: { offset: node.offset, length: node.bytes.length },
            spanBase: 'file',
            record: null,
            isCompressed: false,
            checksum: null,
            fields: [],
          };
        },
        content: {
          storedSpan: () => null,
          unavailable: (index) =>
            nodes[index]!.path.startsWith('gone') ? 'its volume fake.002 is missing' : null,
          read: (index) => Promise.resolve({ bytes: nodes[index]!.bytes, warning: null }),
        },
        verify: {
          cost: (index) => nodes[index]!.bytes.length,
          run(indexes, onStatus) {
            for (const index of indexes) onStatus(index, statusOf(nodes[index]!.path));
            return Promise.resolve();
          },
        },
      };
    },
    cli: () =>
      Promise.resolve({
        pack: {
          summary: 'pack a folder into a fake archive',
          options: [],
          checkOptions: () => null,
          write: (files) => ({
            bytes: encoder.encode(
              ARCHIVE_MAGIC +
                files.map((file) => `${file.path}=${decoder.decode(file.bytes)}\n`).join(''),
            ),
            label: 'Fake archive v1',
          }),
        },
      }),
  };

  const document: FormatModule = {
    id: 'fake-document',
    label: 'Ornate scroll',
    summary: 'a document of one section, for the CLI tests',
    extensions: ['.scroll'],
    detect: (head) => (startsWith(head, DOCUMENT_MAGIC) ? 'magic' : null),
    open: () =>
      Promise.resolve({
        format: 'fake-document',
        label: 'Ornate scroll',
        facts: [],
        issues: [],
        fatal: null,
        layout: 'document',
        columnSets: { default: [] },
        nodeCount: () => 1,
        nodeTable: () => ({ path: () => 'header', size: () => 8, storedSize: () => 8 }),
        details: () => {
          throw new Error('not asked');
        },
        content: {
          storedSpan: () => null,
          read: () => Promise.resolve({ bytes: new Uint8Array(8), warning: null }),
        },
      }),
  };
  /** `FAKELEDGER\n` then rows of `key=value`; a document whose format lists its rows. */
  const LEDGER_MAGIC = 'FAKELEDGER\n';
  const ledger: FormatModule = {
    id: 'fake-ledger',
    label: 'Fake ledger',
    summary: 'a document of rows that ls lists, for the CLI tests',
    extensions: ['.ledger'],
    detect: (head) => (startsWith(head, LEDGER_MAGIC) ? 'magic' : null),
    async open({ sources }) {
      const source = sources[0]!;
      const rows = decoder
        .decode(await source.read(0, source.size))
        .slice(LEDGER_MAGIC.length)
        .split('\n')
        .filter((line) => line !== '');
      const isBroken = rows.includes('!fatal');
      return {
        format: 'fake-ledger',
        label: 'Fake ledger',
        facts: [],
        issues: [{ severity: 'warning', code: 'FAKE', message: 'a ledger issue' }],
        fatal: isBroken
          ? {
              code: 'BAD_VALUE',
              message: 'bad value at 0x2A: a broken row',
              offset: 0x2a,
              format: 'fake-ledger',
              path: '',
            }
          : null,
        layout: 'document',
        columnSets: { default: [] },
        nodeCount: () => rows.length,
        nodeTable: () => ({ path: (index) => rows[index]!, size: () => 1, storedSize: () => 1 }),
        details: () => {
          throw new Error('not asked');
        },
      };
    },
    cli: () =>
      Promise.resolve({
        async list({ session }) {
          const rows = Array.from({ length: session.nodeCount() }, (_, index) =>
            session.nodeTable().path(index).split('='),
          );
          return {
            json: rows.map(([key, value]) => ({ key, value })),
            lines: rows.map(([key, value]) => `${key}: ${value}`),
          };
        },
      }),
  };
  return { archive, document, ledger, ARCHIVE_MAGIC, DOCUMENT_MAGIC, LEDGER_MAGIC };
});

vi.mock('../formats/registry.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Registry>();
  const formats: readonly FormatModule[] = [
    fakes.archive,
    fakes.document,
    fakes.ledger,
    ...original.FORMATS,
  ];
  return {
    ...original,
    FORMATS: formats,
    detectFormat(head: Uint8Array, name: string) {
      for (const format of formats) if (format.detect(head, name) === 'magic') return format.id;
      return original.detectFormat(head, name);
    },
    formatModule: (id: string) =>
      formats.find((format) => format.id === id) ?? original.formatModule(id),
  };
});

const root = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'delve-cli-generic-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const cli = cliIn(work);

const archiveText = `${fakes.ARCHIVE_MAGIC}a.txt=alpha\ndir/b.txt=beta\n`;
writeFileSync(join(work, 'good.fake'), archiveText);
writeFileSync(
  join(work, 'mixed.fake'),
  `${fakes.ARCHIVE_MAGIC}a.txt=alpha\nbad.txt=x\ngone.txt=y\nplain.txt=z\n`,
);
writeFileSync(join(work, 'plain.fake'), `${fakes.ARCHIVE_MAGIC}a.txt=alpha\nplain.txt=z\n`);
writeFileSync(join(work, 'fatal.fake'), `${fakes.ARCHIVE_MAGIC}a.txt=alpha\n!fatal\n`);
writeFileSync(join(work, 'scroll.bin'), `${fakes.DOCUMENT_MAGIC}........`);
writeFileSync(join(work, 'ledger.bin'), `${fakes.LEDGER_MAGIC}rent=12\nfood=30\n`);
writeFileSync(join(work, 'empty.bin'), fakes.LEDGER_MAGIC);
writeFileSync(join(work, 'broken.bin'), `${fakes.LEDGER_MAGIC}rent=12\n!fatal\n`);

describe('commands over any session', () => {
  it('ls lists the nodes from their details (JSON and text)', async () => {
    const json = await cli('ls', 'good.fake', '--json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toEqual([
      { path: 'a.txt', offset: 14, size: 5, storedSize: 5, compressed: false, crc: null },
      { path: 'dir/b.txt', offset: 30, size: 4, storedSize: 4, compressed: false, crc: null },
    ]);
    expect(json.errLines).toEqual(['good.fake: warning: a fake issue']);
    const text = await cli('ls', 'good.fake');
    expect(text.out.split('\n')[1]).toBe(
      '         0xE            5            5  -  -          a.txt',
    );
  });

  it('ls --paths prints each full path alone; it goes with no other listing flag', async () => {
    const paths = await cli('ls', 'good.fake', '--paths');
    expect(paths.code).toBe(0);
    expect(paths.out).toBe('a.txt\ndir/b.txt\n');
    for (const other of ['--json', '--csv']) {
      const both = await cli('ls', 'good.fake', '--paths', other);
      expect(both.code).toBe(2);
      expect(both.errLines[0]).toContain('--json, --csv and --paths do not go together');
    }
  });

  it('cat reads content through the capability; an unavailable entry is one line, exit 1', async () => {
    expect((await cli('cat', 'good.fake', 'dir/b.txt')).out).toBe('beta');
    const gone = await cli('cat', 'mixed.fake', 'gone.txt');
    expect(gone.code).toBe(1);
    expect(gone.errLines).toEqual(['mixed.fake: its volume fake.002 is missing']);
  });

  it('extract writes what it can read and fails the rest', async () => {
    const { code, errLines } = await cli('extract', 'mixed.fake', '-o', 'mixed-out');
    expect(code).toBe(1);
    expect(readFileSync(join(work, 'mixed-out/a.txt'), 'utf8')).toBe('alpha');
    expect(existsSync(join(work, 'mixed-out/gone.txt'))).toBe(false);
    expect(errLines).toContain('mixed.fake: failed "gone.txt": its volume fake.002 is missing');
  });

  it('verify reports every status and every count, also when zero', async () => {
    const mixed = await cli('verify', 'mixed.fake', '--json');
    expect(mixed.code).toBe(1);
    expect(JSON.parse(mixed.out)).toEqual({
      ok: 1,
      mismatched: 1,
      unpatched: 0,
      missing: 1,
      unsupported: 1,
      errors: 0,
      entries: [
        { path: 'a.txt', status: 'ok' },
        { path: 'bad.txt', status: 'mismatch' },
        { path: 'gone.txt', status: 'missing' },
        { path: 'plain.txt', status: 'unsupported' },
      ],
    });
    const text = await cli('verify', 'mixed.fake');
    expect(text.out.trim().split('\n').at(-1)).toBe(
      'mixed.fake: 4 entries: 1 ok, 1 mismatched, 0 unpatched, 1 missing, 1 unsupported',
    );
    // An entry that cannot be checked leaves the question open: not a pass.
    expect((await cli('verify', 'plain.fake')).code).toBe(1);
    const good = await cli('verify', 'good.fake', '--json');
    expect(good.code).toBe(0);
    expect(Object.keys(JSON.parse(good.out))).toEqual([
      'ok',
      'mismatched',
      'unpatched',
      'missing',
      'unsupported',
      'errors',
      'entries',
    ]);
  });

  it('a fatal parse problem is one line naming the offset, exit 1', async () => {
    for (const command of ['ls', 'verify', 'info']) {
      const { code, out, errLines } = await cli(command, 'fatal.fake');
      expect(code).toBe(1);
      expect(out).toBe('');
      expect(errLines).toEqual(['fatal.fake: bad value at 0x14: a fatal line']);
    }
  });

  it('info of a format with no info of its own: label, facts, node count, issues', async () => {
    const json = await cli('info', 'good.fake', '--json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toEqual({
      format: 'fake-archive',
      name: 'good.fake',
      size: archiveText.length,
      label: 'Fake archive v1',
      facts: { Entries: '2' },
      nodeCount: 2,
      issues: [
        {
          severity: 'warning',
          code: 'FAKE',
          message: 'a fake issue',
          entryIndex: null,
          offset: null,
        },
      ],
    });
    const text = await cli('info', 'good.fake');
    expect(text.out).toContain('format      Fake archive v1\n');
    expect(text.out).toContain('entries     2\n');
    expect(text.out).toContain('  warning FAKE: a fake issue\n');
  });

  it.each(['ls', 'verify', 'extract'])(
    '%s on a document: not an archive, exit 2',
    async (command) => {
      const { code, out, errLines } = await cli(command, 'scroll.bin');
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(errLines).toEqual([
        'scroll.bin: not an archive but a document, Ornate scroll (use: delve info scroll.bin)',
      ]);
    },
  );

  it('ls lists a document whose format says how (FormatCli.list): JSON and text', async () => {
    const json = await cli('ls', 'ledger.bin', '--json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toEqual([
      { key: 'rent', value: '12' },
      { key: 'food', value: '30' },
    ]);
    expect(json.out).toBe('[\n  {"key":"rent","value":"12"},\n  {"key":"food","value":"30"}\n]\n');
    expect(json.errLines).toEqual(['ledger.bin: warning: a ledger issue']);
    expect((await cli('ls', 'ledger.bin')).out).toBe('rent: 12\nfood: 30\n');
    expect((await cli('ls', 'empty.bin', '--json')).out).toBe('[\n]\n');
    const both = JSON.parse((await cli('ls', 'ledger.bin', 'empty.bin', '--json')).out);
    expect(both).toEqual([
      { file: 'ledger.bin', result: [expect.anything(), expect.anything()] },
      { file: 'empty.bin', result: [] },
    ]);
  });

  it('ls of a listed document that did not read: one line naming the offset, exit 1', async () => {
    const { code, out, errLines } = await cli('ls', 'broken.bin', '--json');
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(errLines).toEqual(['broken.bin: bad value at 0x2A: a broken row']);
  });

  it('pack picks the writer by the extension of FILE, or --format; ls reads it back', async () => {
    mkdirSync(join(work, 'tree/sub'), { recursive: true });
    writeFileSync(join(work, 'tree/one.txt'), 'first');
    writeFileSync(join(work, 'tree/sub/two.txt'), 'second');
    const packed = await cli('pack', 'tree', '-o', 'tree.fake');
    expect(packed.code).toBe(0);
    expect(packed.out).toBe('tree.fake: packed 2 entries (41 bytes, Fake archive v1)\n');
    const listing = JSON.parse((await cli('ls', 'tree.fake', '--json')).out) as { path: string }[];
    expect(listing.map((entry) => entry.path)).toEqual(['one.txt', 'sub/two.txt']);
    expect((await cli('pack', 'tree', '-o', 'tree.out', '--format', 'fake-archive')).code).toBe(0);
    expect((await cli('pack', 'tree', '-o', 'tree.out')).code).toBe(2);
    expect((await cli('pack', 'tree', '-o', 'tree.out', '--format', 'nope')).code).toBe(2);
  });

  it('the help lists the registered formats and their writers', async () => {
    const { code, out } = await cli('--help');
    expect(code).toBe(0);
    expect(out).toContain('  Fake archive (.fake)\n      lines of path=text, for the CLI tests');
    expect(out).toContain('  Ornate scroll (.scroll)');
    expect(out).toContain('delve pack DIR -o FILE [--format ID]');
    // The exit codes read as one paragraph: each clause once.
    const codes = out.slice(out.indexOf('Exit codes:')).replace(/\s+/g, ' ');
    for (const clause of ['on one whose format lists nothing of it)', 'diff exits', 'grep exits']) {
      expect(codes.split(clause)).toHaveLength(2);
    }
  });
});

const registered = await vi.importActual<typeof Registry>('../formats/registry.ts');

/** Format ids and extensions the CLI's code must not use: the registered ones and those to come. */
const FORMAT_WORDS = [
  ...new Set([
    ...registered.FORMATS.flatMap((format) => [
      format.id,
      ...format.extensions.map((extension) => extension.slice(1)),
    ]),
    ...['kiwad', 'wad', 'wwd', 'raw', 'wows', 'idx', 'pkg', 'ka', 'dvpl', 'sc2', 'bind', 'dml'],
  ]),
];

/** The format words in a source's code (comments removed; strings count). */
function formatWordsIn(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const pattern = new RegExp(`\\b(${FORMAT_WORDS.join('|')})\\b`, 'gi');
  return [...code.matchAll(pattern)].map((match) => match[0]);
}

/** The CLI's own sources: no tests, and no test helpers (testing/), which the bundle leaves out. */
function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() &&
        /\.tsx?$/.test(entry.name) &&
        !/\.test\.tsx?$/.test(entry.name) &&
        !/(^|[\\/])testing([\\/]|$)/.test(relative(folder, entry.parentPath)),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('no format in the CLI', () => {
  it('the check bites: it finds an id in code and ignores one in a comment', () => {
    expect(formatWordsIn("if (format === 'kiwad') return;")).toEqual(['kiwad']);
    expect(formatWordsIn('throw new Error(`a WWD level`);')).toEqual(['WWD']);
    expect(formatWordsIn('// a KIWAD archive\n/* a WWD level */\nconst x = 1;')).toEqual([]);
  });

  it('no source file in src/cli (tests aside) names a format id', () => {
    const folder = join(root, 'src/cli');
    const files = sourcesUnder(folder);
    expect(files.length).toBeGreaterThan(5);
    const found = files.flatMap((file) =>
      formatWordsIn(readFileSync(file, 'utf8')).map((word) => `${relative(folder, file)}: ${word}`),
    );
    expect(found).toEqual([]);
  });
});

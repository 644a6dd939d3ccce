/**
 * Proves each layer rule of eslint.config.js bites: for every rule, code that breaks it, at a
 * made-up path in the layer, is an error with that rule's id, and code the layer may use
 * lints clean. The files need not exist: ESLint lints the text as if it lived at that path.
 */
import { ESLint, type Linter } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

const IMPORTS = 'no-restricted-imports';
const DYNAMIC = 'layers/no-restricted-dynamic-imports';
const GLOBALS = 'no-restricted-globals';
const TYPES = '@typescript-eslint/no-restricted-types';

/** Code at `path` that must fail with `rule`. */
interface Bad {
  path: string;
  code: string;
  rule: string;
}
/** Code at `path` that must lint clean. */
interface Good {
  path: string;
  code: string;
}
interface Layer {
  layer: string;
  bad: Bad[];
  good: Good[];
}

/** `import 'x'` at `path` must fail; `import('x')` too. */
const badImports = (path: string, sources: string[]): Bad[] =>
  sources.flatMap((source) => [
    { path, code: `import '${source}';`, rule: IMPORTS },
    { path, code: `export const load = () => import('${source}');`, rule: DYNAMIC },
  ]);
/** `import 'x'` at `path` lints clean. */
const goodImports = (path: string, sources: string[]): Good[] =>
  sources.map((source) => ({ path, code: `import '${source}';` }));

const LAYERS: Layer[] = [
  {
    layer: 'binary/ and formats/ see no DOM globals',
    bad: [
      { path: 'src/formats/x.ts', code: 'export const title = document.title;', rule: GLOBALS },
      { path: 'src/formats/kiwad/x.ts', code: 'export const w = window;', rule: GLOBALS },
      {
        path: 'src/binary/x.ts',
        code: 'export const cores = navigator.hardwareConcurrency;',
        rule: GLOBALS,
      },
      { path: 'src/binary/x.ts', code: "localStorage.setItem('a', 'b');", rule: GLOBALS },
      {
        path: 'src/formats/x.ts',
        code: 'export const isElement = (x: unknown) => x instanceof HTMLElement;',
        rule: GLOBALS,
      },
      { path: 'src/formats/x.ts', code: 'export const d = globalThis.document;', rule: GLOBALS },
      { path: 'src/formats/x.ts', code: 'self.postMessage(1);', rule: GLOBALS },
      {
        path: 'src/formats/x.ts',
        code: 'export type Target = HTMLElement;',
        rule: TYPES,
      },
      // Node's own: the worker has no process or Buffer.
      { path: 'src/binary/x.ts', code: 'export const env = process.env;', rule: GLOBALS },
      { path: 'src/formats/x.ts', code: 'export const b = Buffer.from([1]);', rule: GLOBALS },
      // Tests run under Node, but still see no DOM.
      { path: 'src/formats/x.test.ts', code: 'export const d = document;', rule: GLOBALS },
    ],
    good: [
      {
        path: 'src/formats/x.ts',
        code: [
          'export const text = new TextDecoder().decode(new Uint8Array(0));',
          'export const blob = new Blob([]);',
          'export const now = performance.now();',
          'export const timer = setTimeout(() => {}, 0);',
          'export const wasm = WebAssembly.validate(new Uint8Array(0));',
          "export const stream = new DecompressionStream('deflate');",
          'export const id = crypto.randomUUID();',
          "export const url = new URL('a', 'file:///');",
          'export const copy = structuredClone({});',
          '',
        ].join('\n'),
      },
      {
        path: 'src/binary/x.ts',
        code: 'export const ok = typeof globalThis.TextEncoder === typeof queueMicrotask;',
      },
      { path: 'src/formats/kiwad/x.test.ts', code: 'export const env = process.env;' },
    ],
  },
  {
    layer: 'binary/ is the bottom layer',
    bad: badImports('src/binary/x.ts', [
      '../formats/model.ts',
      '../worker/rpc/api.ts',
      '../state/store.ts',
      '../ui/app/App.tsx',
      '../cli/run.ts',
      'react',
      'zustand',
      'comlink',
    ]),
    good: goodImports('src/binary/x.ts', ['./byte-reader.ts', 'fflate']),
  },
  {
    layer: 'formats/ depend only on binary',
    bad: badImports('src/formats/kiwad/x.ts', [
      '../../worker/rpc/api.ts',
      '../../state/store.ts',
      '../../ui/preview/registry.ts',
      '../../cli/run.ts',
      'react',
      'react-dom',
      'zustand',
      'comlink',
    ]),
    good: goodImports('src/formats/kiwad/x.ts', [
      '../../binary/byte-reader.ts',
      '../model.ts',
      './types.ts',
    ]),
  },
  {
    layer: 'format folders never import the registry',
    bad: [
      ...badImports('src/formats/dvpl/session.ts', [
        '../registry.ts',
        '../registry',
        '../../formats/registry.ts',
        '../samples.ts',
        '../fuzz/targets.ts',
        '../conformance/subjects.ts',
      ]),
      ...badImports('src/formats/ka/sub/x.ts', ['../../registry.ts']),
      // Type imports too: the registry's types name every format.
      {
        path: 'src/formats/kiwad/x.ts',
        code: "import type { FormatId } from '../registry.ts';\nexport type X = FormatId;",
        rule: IMPORTS,
      },
      // The layer's other rules still hold there.
      ...badImports('src/formats/dvpl/session.ts', ['../../worker/rpc/api.ts', 'react']),
    ],
    good: [
      ...goodImports('src/formats/dvpl/session.ts', [
        '../services.ts',
        '../model.ts',
        '../cli-info.ts',
        '../fuzz/fuzz-target.ts',
        '../ka/read.ts',
      ]),
      // The suites that run every format, the registry's neighbours, and tests may.
      ...goodImports('src/formats/conformance/x.ts', ['../registry.ts']),
      ...goodImports('src/formats/fuzz/x.ts', ['../registry.ts']),
      ...goodImports('src/formats/testing/x.ts', ['../registry.ts']),
      ...goodImports('src/formats/samples.ts', ['./registry.ts']),
      ...goodImports('src/formats/dvpl/x.test.ts', ['../registry.ts']),
    ],
  },
  {
    layer: 'the worker knows nothing of the UI',
    bad: badImports('src/worker/tree/x.ts', [
      'react',
      'react-dom/client',
      'react-window',
      'zustand',
      'zustand/vanilla',
      '../../state/store.ts',
      '../../ui/app/App.tsx',
      '../../cli/run.ts',
    ]),
    good: goodImports('src/worker/tree/x.ts', [
      'comlink',
      '../../formats/registry.ts',
      '../../binary/byte-reader.ts',
      '../rpc/api.ts',
    ]),
  },
  {
    layer: 'state/ talks to the worker API, not to decoders',
    bad: [
      ...badImports('src/state/x.ts', [
        '../formats/kiwad/read.ts',
        '../formats/kiwad/session.ts',
        '../formats/services.ts',
        '../formats/fuzz/mutations.ts',
        '../worker/rpc/impl.ts',
        '../worker/tree/entry-tree.ts',
        '../worker/rpc/decoder.worker.ts',
        '../ui/app/App.tsx',
        '../cli/run.ts',
      ]),
      // Fakes and tests may run the real implementation, but nothing else of the worker.
      ...badImports('src/state/testing/x.ts', [
        '../../worker/tree/entry-tree.ts',
        '../../formats/kiwad/read.ts',
        '../../formats/kiwad/session.ts',
      ]),
      ...badImports('src/state/x.test.ts', ['../formats/kiwad/write.ts']),
      ...badImports('src/state/x.test.ts', ['../worker/pools/content-pool.ts']),
    ],
    good: [
      ...goodImports('src/state/x.ts', [
        '../formats/model.ts',
        '../formats/registry.ts',
        '../formats/kiwad/types.ts',
        '../worker/rpc/api.ts',
        '../worker/rpc/client.ts',
        'zustand',
        'react',
      ]),
      ...goodImports('src/state/testing/x.ts', [
        '../../worker/rpc/impl.ts',
        // Fakes build their inputs with the formats' own writers.
        '../../formats/kiwad/write.ts',
        '../../formats/kiwad/fixtures/make-fixtures.ts',
        '../../formats/testing/two-part-write.ts',
      ]),
      ...goodImports('src/state/x.test.ts', ['../worker/rpc/impl.ts']),
    ],
  },
  {
    layer: 'the UI reaches the worker through its API and client only',
    bad: badImports('src/ui/x.tsx', [
      '../worker/tree/entry-tree.ts',
      '../worker/rpc/impl.ts',
      '../worker/rpc/decoder.worker.ts',
      '../worker/rpc/open-file.ts',
      '../worker/pools/content-pool.ts',
      '../formats/kiwad/read.ts',
      '../formats/registry.ts',
      '../cli/run.ts',
    ]),
    good: [
      {
        path: 'src/ui/preview/x.tsx',
        code: [
          "import type { Api } from '../../worker/rpc/api.ts';",
          "import { client } from '../../worker/rpc/client.ts';",
          "import type { Node } from '../../formats/model.ts';",
          "import type { Entry } from '../../formats/kiwad/types.ts';",
          'export const use = (api: Api, node: Node, entry: Entry) => [api, node, entry, client];',
          "export const load = () => import('../../worker/rpc/client.ts');",
          '',
        ].join('\n'),
      },
    ],
  },
  {
    layer: 'the CLI uses decoders directly',
    bad: badImports('src/cli/commands/x.ts', [
      'react',
      'react-dom',
      'zustand',
      'comlink',
      '../../ui/app/App.tsx',
      '../../state/store.ts',
      '../../worker/rpc/api.ts',
    ]),
    good: goodImports('src/cli/commands/x.ts', [
      '../../formats/kiwad/read.ts',
      '../../formats/registry.ts',
      '../../binary/node-file-source.ts',
      'node:fs',
    ]),
  },
];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function lint(path: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result?.messages ?? [];
}

const show = (messages: Linter.LintMessage[]) =>
  messages.map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);

describe.each(LAYERS)('$layer', ({ bad, good }) => {
  it.each(bad)('$path: $code fails with $rule', async ({ path, code, rule }) => {
    const messages = await lint(path, code);
    const hits = messages.filter((m) => m.ruleId === rule && m.severity === 2);
    expect(hits.length, show(messages).join('\n') || 'no messages').toBeGreaterThan(0);
  });
  it.each(good)('$path: $code lints clean', async ({ path, code }) => {
    expect(show(await lint(path, code))).toEqual([]);
  });
});

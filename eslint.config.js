import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * Layers (docs: /DESIGN.md "Layout"): binary <- formats <- worker <- state <- ui, and
 * binary <- formats <- cli. Lint proves them; src/lint-layers.test.ts proves each rule bites.
 *
 * Imports are matched as written (relative specifiers), by regular expressions: a glob
 * exclusion cannot re-include one file inside an excluded folder. The same patterns go to
 * `no-restricted-imports` (import, import type, export ... from) and to
 * `layers/no-restricted-dynamic-imports` (`import('...')`), which the core rule skips.
 */

// ---- Import patterns -------------------------------------------------------------------

/** `react`, `react-dom`, `react-dom/client`, `react-window`, ... */
const REACT = '^react(-[^/]+)?(/|$)';
const ZUSTAND = '^zustand(/|$)';
const COMLINK = '^comlink(/|$)';
/** A relative import that reaches into `src/<folder>/`. */
const folder = (name) => `(^|/)${name}(/|$)`;

const uiLibraries = (message) => [
  { regex: REACT, message },
  { regex: ZUSTAND, message },
  { regex: COMLINK, message },
];

/** formats/ and binary/ are pure: the same code runs under Node, in the worker and the CLI. */
const PURE = 'decoders are pure: no React, zustand or comlink';

/** What state/ may take from formats/: the node model, each format's types, the format list. */
const STATE_FORMATS = '(^|/)formats/(?!(model|registry)\\.ts$|[^/]+/types\\.ts$)';
/**
 * ...and what state's fakes (state/testing/) may take besides: the formats' writers, their
 * fixture definitions and the test formats, to build the inputs the real implementation
 * opens (house rule 12: tests make their inputs with the same writers). Readers stay out.
 */
const STATE_TESTING_FORMATS =
  '(^|/)formats/(?!(model|registry)\\.ts$|[^/]+/(types|write[^/]*)\\.ts$|[^/]+/fixtures/|testing/)';
/** What the UI may take from formats/: the node model and each format's types. */
const UI_FORMATS = '(^|/)formats/(?!model\\.ts$|[^/]+/types\\.ts$)';
/** The worker's public face: its API types and the client that spawns it. */
const WORKER_BUT_API = '(^|/)worker/(?!rpc/(api|client)\\.ts$)';
/** ...plus the real implementation, which state tests and fakes run in-process. */
const WORKER_BUT_API_IMPL = '(^|/)worker/(?!rpc/(api|client|impl)\\.ts$)';

/** formats/ sit on binary/ alone. */
const FORMATS_FORBIDDEN = [
  ...uiLibraries(PURE),
  ...['worker', 'state', 'ui', 'cli'].map((name) => ({
    regex: folder(name),
    message: 'formats depend only on binary',
  })),
];
/**
 * From a format's folder (`src/formats/<id>/…`, any depth): the registry, and what imports
 * it — the samples list, the fuzz suite's list of targets and the
 * conformance suite.
 */
const REGISTRY = '^(\\.\\./)+(formats/)?((registry|samples|fuzz/targets)(\\.ts)?$|conformance/)';

/** Per folder: what it may not import. Later entries win for files they match. */
const LAYERS = [
  {
    files: ['src/binary/**'],
    forbidden: [
      ...uiLibraries(PURE),
      ...['formats', 'worker', 'state', 'ui', 'cli'].map((name) => ({
        regex: folder(name),
        message: 'binary is the bottom layer',
      })),
    ],
  },
  {
    files: ['src/formats/**'],
    forbidden: FORMATS_FORBIDDEN,
  },
  {
    // A format's own folder: the registry lists the formats, so a format that imported it
    // (or a module built on it) would import itself and every other. What it needs of the
    // registry (what a nested file is) comes in through the services. The suites that run
    // every format, and tests that check their format's detection, may use it.
    files: ['src/formats/*/**'],
    ignores: [
      'src/formats/conformance/**',
      'src/formats/fuzz/**',
      'src/formats/testing/**',
      'src/formats/**/*.test.ts',
    ],
    forbidden: [
      ...FORMATS_FORBIDDEN,
      {
        regex: REGISTRY,
        message:
          'format folders never import the registry (or what is built on it): detection of nested files comes through the services (services.nested)',
      },
    ],
  },
  {
    // The diff of two sessions: pure like the formats, so the worker and the CLI share it.
    files: ['src/compare/**'],
    forbidden: [
      ...uiLibraries(PURE),
      ...['worker', 'state', 'ui', 'cli'].map((name) => ({
        regex: folder(name),
        message: 'the diff works on sessions: it depends on formats and binary only',
      })),
    ],
  },
  {
    files: ['src/worker/**'],
    forbidden: [
      { regex: REACT, message: 'the worker knows nothing of the UI' },
      { regex: ZUSTAND, message: 'the worker knows nothing of the UI' },
      ...['state', 'ui', 'cli'].map((name) => ({
        regex: folder(name),
        message: 'the worker knows nothing of the UI',
      })),
    ],
  },
  ...[
    { files: ['src/state/**'], worker: WORKER_BUT_API, formats: STATE_FORMATS },
    {
      files: ['src/state/**/*.test.ts', 'src/state/**/*.test.tsx'],
      worker: WORKER_BUT_API_IMPL,
      formats: STATE_FORMATS,
    },
    {
      files: ['src/state/testing/**'],
      worker: WORKER_BUT_API_IMPL,
      formats: STATE_TESTING_FORMATS,
    },
  ].map(({ files, worker, formats }) => ({
    files,
    forbidden: [
      { regex: folder('ui'), message: 'state is below the UI' },
      { regex: folder('cli'), message: 'state is not the CLI' },
      {
        regex: formats,
        message:
          'state talks to the worker, not decoders: from formats/ only model.ts, registry.ts and */types.ts (state/testing/ also writers, fixtures and test formats)',
      },
      {
        regex: worker,
        message:
          'state reaches the worker through worker/rpc/api.ts and client.ts (impl.ts only in state/testing/ and tests)',
      },
    ],
  })),
  {
    files: ['src/ui/**'],
    forbidden: [
      {
        regex: UI_FORMATS,
        message:
          'the UI may only import types from formats/*/types.ts and formats/model.ts; it reaches decoders through the worker',
      },
      {
        regex: WORKER_BUT_API,
        message: 'the UI may import from worker/ only rpc/api.ts and rpc/client.ts',
      },
      { regex: folder('cli'), message: 'the UI is not the CLI' },
    ],
  },
  {
    // UI tests build their inputs with the formats' own drafts, writers and readers (no hand
    // copies of a format's model): formats/ is open to them; the rest of the UI's rule stands.
    files: ['src/ui/**/*.test.ts', 'src/ui/**/*.test.tsx', 'src/ui/**/testing/**'],
    forbidden: [
      {
        regex: WORKER_BUT_API,
        message: 'the UI may import from worker/ only rpc/api.ts and rpc/client.ts',
      },
      { regex: folder('cli'), message: 'the UI is not the CLI' },
    ],
  },
  {
    files: ['src/cli/**'],
    forbidden: [
      ...uiLibraries('the CLI uses decoders directly'),
      ...['ui', 'state', 'worker'].map((name) => ({
        regex: folder(name),
        message: 'the CLI uses decoders directly',
      })),
    ],
  },
];

/** `import('...')` with a literal source, checked against the same patterns. */
const layersPlugin = {
  rules: {
    'no-restricted-dynamic-imports': {
      meta: {
        type: 'problem',
        docs: { description: 'no-restricted-imports patterns, for dynamic import()' },
        schema: [
          {
            type: 'object',
            properties: {
              patterns: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { regex: { type: 'string' }, message: { type: 'string' } },
                  required: ['regex'],
                  additionalProperties: false,
                },
              },
            },
            additionalProperties: false,
          },
        ],
        messages: { restricted: "'{{source}}' import is restricted by a pattern. {{message}}" },
      },
      create(context) {
        const patterns = (context.options[0]?.patterns ?? []).map(({ regex, message }) => ({
          regex: new RegExp(regex, 'iu'),
          message: message ?? '',
        }));
        return {
          ImportExpression(node) {
            const { source } = node;
            let value = null;
            if (source.type === 'Literal' && typeof source.value === 'string') value = source.value;
            if (source.type === 'TemplateLiteral' && source.expressions.length === 0)
              value = source.quasis[0].value.cooked;
            if (value === null) return;
            const hit = patterns.find(({ regex }) => regex.test(value));
            if (hit)
              context.report({
                node: source,
                messageId: 'restricted',
                data: { source: value, message: hit.message },
              });
          },
        };
      },
    },
  },
};

// ---- Globals -----------------------------------------------------------------------------

/**
 * What binary/ and formats/ may use besides the language itself: the globals Node and
 * workers share (Blob, TextDecoder, performance, setTimeout, WebAssembly, DecompressionStream,
 * crypto, URL, ...). Not `navigator`: Node has one too, but its fields are the platform's.
 */
const ES = new Set(Object.keys(globals.builtin));
const SHARED = new Set(
  Object.keys(globals.node).filter((name) => name in globals.worker && name !== 'navigator'),
);
const PLATFORM = new Set([
  ...Object.keys(globals.browser),
  ...Object.keys(globals.worker),
  ...Object.keys(globals.serviceworker),
  ...Object.keys(globals.sharedWorker),
  ...Object.keys(globals.node),
]);
/** Everything a browser, a worker or Node defines that the other side lacks. */
const NOT_SHARED = [...PLATFORM].filter((name) => !ES.has(name) && !SHARED.has(name)).sort();
/** Node's own (process, Buffer, __dirname, ...): fine in tests, which run under Node. */
const NODE_ONLY = new Set(
  Object.keys(globals.node).filter(
    (name) => !(name in globals.browser) && !(name in globals.worker),
  ),
);

const PURE_GLOBALS =
  'binary/ and formats/ run under Node, in the worker and in the CLI: only the globals Node and workers share (no DOM, no navigator, no process/Buffer)';
/** As values, also as `globalThis.document`, `self.x`, `window.x`. */
const pureGlobals = (names) => [
  'error',
  { globals: names.map((name) => ({ name, message: PURE_GLOBALS })), checkGlobalObject: true },
];
/** As types (`no-restricted-globals` skips type positions): `el: HTMLElement`, `Window`. */
const pureTypes = (names) => [
  'error',
  {
    types: Object.fromEntries(
      names.filter((name) => /^[A-Z]/.test(name)).map((name) => [name, PURE_GLOBALS]),
    ),
  },
];
const NOT_SHARED_IN_TESTS = NOT_SHARED.filter((name) => !NODE_ONLY.has(name));

// ---- Config ------------------------------------------------------------------------------

export default tseslint.config(
  {
    ignores: [
      'bench/.scratch/**',
      'dist',
      'dist-cli',
      'node_modules',
      'public',
      'test-results',
      'test-reports',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { layers: layersPlugin },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/ui/**/*.ts', 'src/state/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...LAYERS.map(({ files, ignores = [], forbidden }) => ({
    files,
    ignores,
    rules: {
      'no-restricted-imports': ['error', { patterns: forbidden }],
      'layers/no-restricted-dynamic-imports': ['error', { patterns: forbidden }],
    },
  })),
  {
    files: ['src/binary/**', 'src/formats/**', 'src/compare/**'],
    rules: {
      'no-restricted-globals': pureGlobals(NOT_SHARED),
      '@typescript-eslint/no-restricted-types': pureTypes(NOT_SHARED),
    },
  },
  {
    files: ['src/binary/**/*.test.ts', 'src/formats/**/*.test.ts', 'src/compare/**/*.test.ts'],
    rules: {
      'no-restricted-globals': pureGlobals(NOT_SHARED_IN_TESTS),
      '@typescript-eslint/no-restricted-types': pureTypes(NOT_SHARED_IN_TESTS),
    },
  },
);

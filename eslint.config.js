import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Layers: binary <- formats <- worker <- state <- ui, and binary <- formats <- cli. */
const noDom = {
  patterns: [
    { group: ['react', 'react-dom', 'react-*', 'zustand', 'zustand/*', 'comlink'], message: 'decoders are pure: no React, zustand or comlink' },
  ],
};

export default tseslint.config(
  { ignores: ['bench/.scratch/**', 'dist', 'node_modules', 'public', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
  {
    files: ['src/binary/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...noDom.patterns, { group: ['**/formats/**', '**/worker/**', '**/state/**', '**/ui/**', '**/cli/**'], message: 'binary is the bottom layer' }] }],
    },
  },
  {
    files: ['src/formats/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...noDom.patterns, { group: ['**/worker/**', '**/state/**', '**/ui/**', '**/cli/**'], message: 'formats depend only on binary' }] }],
    },
  },
  {
    files: ['src/worker/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', 'zustand', '**/state/**', '**/ui/**', '**/cli/**'], message: 'the worker knows nothing of the UI' }] }],
    },
  },
  {
    files: ['src/state/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/ui/**', '**/cli/**', '**/formats/*/read*', '**/formats/*/write*'], message: 'state talks to the worker client, not decoders' }] }],
    },
  },
  {
    files: ['src/ui/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        // A regex, not globs: a glob exclusion cannot re-include a file inside an excluded folder.
        { regex: '/formats/(?!model\\.ts$|[^/]+/types\\.ts$)', message: 'the UI may only import types from formats/*/types.ts and formats/model.ts; it reaches decoders through the worker' },
        { group: ['**/cli/**', '**/worker/impl*', '**/worker/*.worker*'], message: 'the UI reaches decoders through the worker client' },
      ] }],
    },
  },
  {
    files: ['src/cli/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', 'zustand', 'comlink', '**/ui/**', '**/state/**', '**/worker/**'], message: 'the CLI uses decoders directly' }] }],
    },
  },
);

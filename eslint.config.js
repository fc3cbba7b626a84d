// One lint setup for the whole workspace; packages run `eslint . --max-warnings=0`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const nodeBuiltins = [
  'fs', 'fs/promises', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'stream',
  'worker_threads', 'process', 'timers', 'dns', 'zlib', 'events', 'buffer',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.turbo/**', '.lectern/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shell/**/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Temporal workflow code runs in a deterministic sandbox: no Node built-ins.
    files: ['workflows/src/workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: nodeBuiltins.flatMap((name) => [name, `node:${name}`]).map((name) => ({ name, message: 'Workflow code must stay deterministic: use an activity.' })) },
      ],
    },
  },
);

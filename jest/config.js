// One Jest setup for every package (ADR 0016): each package's jest.config.js calls jestConfig().
// Test files are ESM TypeScript, transformed by @swc/jest (no type checking: `tsc` does that in
// `npm run check`) and run as native ES modules (`--experimental-vm-modules`, set by the
// packages' test scripts through NODE_OPTIONS).
import { createRequire } from 'node:module';
import path from 'node:path';
import { patience } from '@lectern/local-stack/test-time';

const require = createRequire(import.meta.url);

const swc = [
  require.resolve('@swc/jest'),
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2024',
      transform: { react: { runtime: 'automatic' } },
    },
    sourceMaps: 'inline',
  },
];

/**
 * @param {object} [options]
 * @param {string[]} [options.testMatch] globs of the test files (default: *.test.ts(x) under src/ and test/)
 * @param {'node' | 'jsdom'} [options.testEnvironment]
 * @param {boolean} [options.isolateFiles] run every test file in a fresh worker process, as
 *   `node --test` did: for integration tests that start processes, hold native bridges
 *   (Temporal) or install process hooks. Off for plain unit tests (one worker runs many files).
 * @param {number} [options.testTimeout] per test and hook, in ms on the CI machine; multiplied by the
 *   slow-machine factor LECTERN_TEST_TIME_FACTOR (deploy/local/src/support/test-time.ts), as tests'
 *   own waits are through `patience(ms)`
 * @param {import('jest').Config} [options.overrides]
 * @returns {import('jest').Config}
 */
export function jestConfig({ testMatch = ['<rootDir>/{src,test}/**/*.test.{ts,tsx}'], testEnvironment = 'node', isolateFiles = false, testTimeout = 30_000, overrides = {} } = {}) {
  return {
    testEnvironment,
    testMatch,
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    modulePathIgnorePatterns: ['<rootDir>/dist/'],
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json', 'node'],
    transform: { '^.+\\.tsx?$': swc },
    // node:assert's deep comparisons across Jest's second V8 context (jest/node-assert.js)
    setupFiles: [path.join(import.meta.dirname, 'node-assert.js'), path.join(import.meta.dirname, 'jsdom-globals.js')],
    moduleNameMapper: { '^styled-components$': path.join(import.meta.dirname, 'styled-components.js') },
    testTimeout: patience(testTimeout),
    // node --test ran files one at a time on this 2-core machine (availableParallelism - 1);
    // Jest's default worker count is the same.
    ...(isolateFiles ? { workerIdleMemoryLimit: 0 } : {}),
    // Like node:test: the run ends when the tests end, whatever handle a client library left open.
    forceExit: true,
    verbose: true,
    reporters: ['default', path.join(import.meta.dirname, '../deploy/local/src/launcher/totals.reporter.ts')],
    ...overrides,
  };
}

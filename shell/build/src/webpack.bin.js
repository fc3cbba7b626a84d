#!/usr/bin/env node
// `lectern-webpack`: webpack-cli bound to the webpack version this package pins.
// @module-federation/enhanced 2.9.2 requires webpack internals (lib/util/semver,
// lib/util/extractUrlAndGlobal, ...) that webpack 5.107+ moved, while the workspace root hoists a
// newer webpack for other packages; so the CLI and the MF plugin are both pointed at ours.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pinnedWebpack = require.resolve('webpack');
process.env.WEBPACK_PACKAGE ??= pinnedWebpack;
process.env.FEDERATION_WEBPACK_PATH ??= pinnedWebpack;
process.env.WEBPACK_CLI_SKIP_IMPORT_LOCAL = '1';

const runCli = /** @type {(argv: string[]) => Promise<void>} */ (require('webpack-cli/lib/bootstrap'));
runCli(process.argv);

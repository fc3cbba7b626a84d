import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createFrontendConfig, SHARED_SINGLETONS } from '../src/index.js';

const root = join(import.meta.dirname, '../../..');

test('a remote build publishes under /mfe/<name>/ with an unhashed remoteEntry and a manifest', () => {
  const config = createFrontendConfig({ name: 'staff', packageDir: join(root, 'mfe-staff') });
  assert.equal(config.output?.publicPath, '/mfe/staff/');
  assert.equal(config.output?.path, join(root, 'mfe-staff', 'dist'));
  assert.match(String(config.output?.filename), /\[contenthash/);
  const federation = config.plugins?.find((plugin) => plugin?.constructor.name === 'ModuleFederationPlugin') as unknown as { _options: Record<string, unknown> };
  assert.equal(federation._options.filename, 'remoteEntry.js');
  assert.equal(federation._options.manifest, true);
  assert.deepEqual(federation._options.exposes, { './app': './src/app.tsx' });
  assert.deepEqual(federation._options.library, { type: 'var', name: 'lectern_mfe_staff' });
  // Production remotes have no standalone page: only the federated container is built.
  assert.deepEqual(config.entry, {});
});

test('the host declares no remotes at build time and shares every singleton', () => {
  const config = createFrontendConfig({ name: 'shell', packageDir: join(root, 'shell/host') });
  const federation = config.plugins?.find((plugin) => plugin?.constructor.name === 'ModuleFederationPlugin') as unknown as { _options: Record<string, unknown> };
  assert.equal(federation._options.remotes, undefined);
  const shared = federation._options.shared as Record<string, { singleton: boolean; requiredVersion: string | false }>;
  assert.deepEqual(Object.keys(shared), SHARED_SINGLETONS);
  assert.ok(Object.values(shared).every((entry) => entry.singleton));
  assert.match(String(shared.react?.requiredVersion), /^\^19\./);
});

test('dev servers listen on the architecture ports and proxy /api to the edge', () => {
  const config = createFrontendConfig({ name: 'console', packageDir: join(root, 'mfe-console'), mode: 'development' });
  const devServer = config.devServer as { port: number; proxy: { context: string[]; target: string }[] };
  assert.equal(devServer.port, 3004);
  assert.deepEqual(devServer.proxy[0]?.context, ['/api']);
  assert.equal(devServer.proxy[0]?.target, 'http://localhost:8080');
});

test('an unknown front end name is refused with a clear message', () => {
  assert.throws(() => createFrontendConfig({ name: 'nope' as 'shell', packageDir: root }), /Unknown front end "nope"/);
});

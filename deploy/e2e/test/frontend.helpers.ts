// Shared set-up for browser journeys: built front ends, an in-process edge, headless Chromium.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { buildApp } from '@lectern/edge/app';
import { loadEdgeConfig } from '@lectern/edge/config';

export const repoRoot = resolve(import.meta.dirname, '../../..');
export const resultsDir = join(import.meta.dirname, '..', 'test-results');

const BUILT = [
  ['shell/host/dist', 'index.html'],
  ['mfe-marketing/dist', 'mf-manifest.json'],
  ['mfe-staff/dist', 'mf-manifest.json'],
  ['mfe-member/dist', 'mf-manifest.json'],
  ['mfe-console/dist', 'mf-manifest.json'],
] as const;

/** Fails with the command to run when a front end has not been built. */
export function assertFrontEndsBuilt(): void {
  const missing = BUILT.filter(([dir, file]) => !existsSync(join(repoRoot, dir, file))).map(([dir, file]) => `${dir}/${file}`);
  if (missing.length > 0) {
    throw new Error(
      `The front ends are not built (missing ${missing.join(', ')}). Run first:\n` +
        `  node_modules/.bin/turbo run build --filter=@lectern/shell --filter='@lectern/mfe-*'`,
    );
  }
}

/** Starts the edge in this process (on `port`, default a free one); `env` overrides its configuration. */
export async function startEdge(env: Record<string, string> = {}, port = 0) {
  const app = await buildApp(loadEdgeConfig({ ...env }), { logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { url, close: () => app.close() };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(resultsDir, { recursive: true });
  await page.screenshot({ path: join(resultsDir, `${name}.png`), fullPage: true });
}

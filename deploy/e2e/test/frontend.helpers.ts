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
  ['EDGE_SHELL_DIR', 'shell/host/dist', 'index.html'],
  ['EDGE_MFE_MARKETING_DIR', 'mfe-marketing/dist', 'mf-manifest.json'],
  ['EDGE_MFE_STAFF_DIR', 'mfe-staff/dist', 'mf-manifest.json'],
  ['EDGE_MFE_MEMBER_DIR', 'mfe-member/dist', 'mf-manifest.json'],
  ['EDGE_MFE_CONSOLE_DIR', 'mfe-console/dist', 'mf-manifest.json'],
] as const;

/**
 * The edge's build folders given in this process's environment (EDGE_SHELL_DIR,
 * EDGE_MFE_<NAME>_DIR): a journey can run against a front end built elsewhere, for instance
 * `lectern-webpack --mode production --output-path /tmp/staff` while someone rebuilds dist/.
 */
function builtDirsFromEnv(): Record<string, string> {
  return Object.fromEntries(BUILT.flatMap(([variable]) => (process.env[variable] ? [[variable, resolve(process.env[variable])]] : [])));
}

/** Fails with the command to run when a front end has not been built. */
export function assertFrontEndsBuilt(): void {
  const overrides = builtDirsFromEnv();
  const missing = BUILT.map(([variable, dir, file]) => join(overrides[variable] ?? join(repoRoot, dir), file)).filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new Error(
      `The front ends are not built (missing ${missing.join(', ')}). Run first:\n` +
        `  node_modules/.bin/turbo run build --filter=@lectern/shell --filter='@lectern/mfe-*'`,
    );
  }
}

/** Starts the edge in this process (on `port`, default a free one); `env` overrides its configuration. */
export async function startEdge(env: Record<string, string> = {}, port = 0) {
  const app = await buildApp(loadEdgeConfig({ ...builtDirsFromEnv(), ...env }), { logger: false });
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

import fs from 'node:fs';
import path from 'node:path';
import { devStateDir, repoRoot } from '../support/paths.ts';

// The front end is five webpack builds (shell + four remotes). It is rebuilt when a build output
// is missing or older than the sources that make it.

export const frontendPackages = ['shell/host', 'mfe-marketing', 'mfe-staff', 'mfe-member', 'mfe-console'];
const sharedSources = ['shell/kit/src', 'shell/build', 'package-lock.json'];

function newest(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    latest = Math.max(latest, newest(path.join(target, entry.name)));
  }
  return latest;
}

// webpack leaves an output file untouched when its content did not change, so the time of the
// last successful build is kept in a stamp of our own.
const stamp = path.join(devStateDir, 'frontend-built.stamp');

export function markFrontendBuilt(): void {
  fs.mkdirSync(devStateDir, { recursive: true });
  fs.writeFileSync(stamp, new Date().toISOString());
}

/** Why the front end needs building, or undefined when every output is newer than its sources. */
export function frontendStaleReason(): string | undefined {
  const shared = Math.max(...sharedSources.map((p) => newest(path.join(repoRoot, p))));
  for (const pkg of frontendPackages) {
    const dir = path.join(repoRoot, pkg);
    if (!fs.existsSync(path.join(dir, 'package.json'))) continue;
    const built = path.join(dir, 'dist', 'index.html');
    const manifest = path.join(dir, 'dist', 'mf-manifest.json');
    const output = fs.existsSync(built) ? built : manifest;
    if (!fs.existsSync(output)) return `${pkg} has no build yet`;
    const builtAt = Math.max(fs.statSync(output).mtimeMs, newest(stamp));
    const sources = Math.max(shared, newest(path.join(dir, 'src')), newest(path.join(dir, 'package.json')), newest(path.join(dir, 'webpack.config.js')));
    if (sources > builtAt) return `${pkg} changed since its last build`;
  }
  return undefined;
}

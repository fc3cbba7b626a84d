// What the deploy files are checked against: the repository itself (ARCHITECTURE.md, package.json
// files, .env.example files, .dockerignore).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const read = (path: string): string => readFileSync(join(repoRoot, path), 'utf8');
export const exists = (path: string): boolean => existsSync(join(repoRoot, path));

export const SERVICE_NAMES = ['identity', 'sermons', 'billing', 'comms', 'migration'] as const;

/** One deployable Node process: its folder, entry file and (if any) port. */
export interface App {
  name: string;
  folder: string;
  entry: string;
  /** Health endpoints: services serve them under their prefix; the worker has none. */
  healthz: string | undefined;
  readyz: string | undefined;
}

export const APPS: App[] = [
  ...SERVICE_NAMES.map((name) => ({
    name,
    folder: `services/${name}`,
    entry: `services/${name}/src/server.ts`,
    healthz: `/api/${name}/healthz`,
    readyz: `/api/${name}/readyz`,
  })),
  { name: 'worker', folder: 'workflows', entry: 'workflows/src/worker.ts', healthz: undefined, readyz: undefined },
  { name: 'edge', folder: 'deploy/edge', entry: 'deploy/edge/src/server.ts', healthz: '/healthz', readyz: undefined },
];

export const appNamed = (name: string): App => {
  const app = APPS.find((candidate) => candidate.name === name);
  if (!app) throw new Error(`unknown app "${name}"`);
  return app;
};

/** Ports from ARCHITECTURE.md's package table: folder → port (rows with a number only). */
export function architecturePorts(): Map<string, number> {
  const ports = new Map<string, number>();
  for (const line of read('ARCHITECTURE.md').split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 5) continue;
    const folder = /^`([^`]+)`/.exec(cells[1] ?? '')?.[1];
    const port = Number(cells[4]?.match(/^(\d{2,5})\b/)?.[1]);
    if (folder && Number.isInteger(port)) ports.set(folder, port);
  }
  return ports;
}

/** Every variable name ARCHITECTURE.md mentions in backticks (UPPER_SNAKE with an underscore or a known short name). */
export function architectureVariables(): Set<string> {
  const names = new Set<string>();
  for (const match of read('ARCHITECTURE.md').matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9*]+)+|HOST|PORT)`/g)) names.add(match[1]!);
  return names;
}

export interface EnvExample {
  path: string;
  documented: Set<string>;
  /** Uncommented and not marked optional or defaulted in its comment. */
  required: Set<string>;
}

/**
 * Read `<folder>/.env.example`. A variable is documented when it appears as `NAME=` (commented out
 * or not). Whether it is required: a comment line starting with "Required" or "Optional" opens a
 * section that holds until the next such line; outside sections, a variable is optional when its
 * line or the comment just above it says "optional" or "default". Commented-out ones are optional.
 */
export function readEnvExample(folder: string): EnvExample | undefined {
  const path = posix.join(folder, '.env.example');
  return exists(path) ? parseEnvExample(read(path), path) : undefined;
}

export function parseEnvExample(text: string, path = '.env.example'): EnvExample {
  const documented = new Set<string>();
  const required = new Set<string>();
  let section: 'required' | 'optional' | undefined;
  let comment = '';
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    const assignment = /^(#\s*)?(?:export\s+)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(trimmed);
    if (assignment) {
      const [, commentedOut, name, rest] = assignment;
      documented.add(name!);
      const inline = rest!.includes('#') ? rest!.slice(rest!.indexOf('#')) : '';
      const optional = Boolean(commentedOut) || (section ? section === 'optional' : /optional|default/i.test(`${comment} ${inline}`));
      if (!optional) required.add(name!);
      comment = '';
    } else if (/^#\s*required\b/i.test(trimmed)) {
      section = 'required';
    } else if (/^#\s*optional\b/i.test(trimmed)) {
      section = 'optional';
    } else if (trimmed.startsWith('#')) {
      comment += ` ${trimmed}`;
    } else {
      comment = '';
    }
  }
  return { path, documented, required };
}

interface PackageJson {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
}

export const rootWorkspaces = (): string[] => (JSON.parse(read('package.json')) as PackageJson).workspaces ?? [];

/** Workspace folders a workspace needs at run time: its own and, transitively, its workspace dependencies. */
export function runtimeWorkspaceClosure(folder: string): Set<string> {
  const byName = new Map<string, string>();
  for (const workspace of rootWorkspaces()) {
    byName.set((JSON.parse(read(`${workspace}/package.json`)) as PackageJson).name, workspace);
  }
  const closure = new Set<string>();
  const visit = (current: string): void => {
    if (closure.has(current)) return;
    closure.add(current);
    const manifest = JSON.parse(read(`${current}/package.json`)) as PackageJson;
    for (const dependency of Object.keys(manifest.dependencies ?? {})) {
      const workspace = byName.get(dependency);
      if (workspace) visit(workspace);
    }
  };
  visit(folder);
  return closure;
}

/** .dockerignore as BuildKit reads it: last matching pattern wins, `!` re-includes. */
export function dockerignore(): (path: string) => boolean {
  const rules = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      const pattern = posix.normalize((negated ? line.slice(1) : line).replace(/^\//, ''));
      return { negated, regex: globToRegex(pattern) };
    });
  return (path: string): boolean => {
    const normalized = posix.normalize(path).replace(/^\.\//, '').replace(/\/$/, '');
    const segments = normalized.split('/');
    let ignored = false;
    for (const rule of rules) {
      // A pattern matching a parent directory excludes everything below it.
      for (let depth = 1; depth <= segments.length; depth += 1) {
        if (rule.regex.test(segments.slice(0, depth).join('/'))) {
          ignored = !rule.negated;
          break;
        }
      }
    }
    return ignored;
  };
}

function globToRegex(pattern: string): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index]!;
    if (char === '*' && pattern[index + 1] === '*') {
      const slash = pattern[index + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      index += slash ? 2 : 1;
    } else if (char === '*') {
      source += '[^/]*';
    } else if (char === '?') {
      source += '[^/]';
    } else {
      source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

// Edge configuration from the environment, checked once at start.
import { join, resolve } from 'node:path';

export const SERVICES = ['identity', 'sermons', 'billing', 'comms', 'migration'] as const;
export type ServiceName = (typeof SERVICES)[number];

export const REMOTES = ['marketing', 'staff', 'member', 'console'] as const;
export type RemoteName = (typeof REMOTES)[number];

export interface EdgeConfig {
  host: string;
  port: number;
  /** Built shell (index.html + assets), served at `/`. */
  shellDir: string;
  /** Built remotes, served at `/mfe/<name>/`. */
  remoteDirs: Record<RemoteName, string>;
  /** Upstream base URL per service (its first instance); `/api/<service>/…` is forwarded unchanged. */
  services: Record<ServiceName, string>;
  /**
   * Every instance of each service (`<SERVICE>_URL` may list several, comma-separated): requests
   * and WebSocket connections go to them in turn (round-robin), as a Kubernetes Service would.
   */
  instances: Record<ServiceName, string[]>;
  logLevel: string;
  /**
   * Whether the edge itself sits behind a trusted proxy or load balancer (EDGE_TRUST_PROXY):
   * only then are incoming X-Forwarded-* headers believed. By default the edge is the first hop
   * and tells the services the real client address.
   */
  trustProxy: boolean;
}

const repoRoot = resolve(import.meta.dirname, '../../..');

export function loadEdgeConfig(env: NodeJS.ProcessEnv = process.env): EdgeConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const services = {} as Record<ServiceName, string>;
  const instances = {} as Record<ServiceName, string[]>;
  SERVICES.forEach((name, index) => {
    const variable = `${name.toUpperCase()}_URL`;
    const values = (env[variable] ?? `http://127.0.0.1:${4101 + index}`).split(',').map((value) => value.trim());
    for (const value of values) {
      try {
        const url = new URL(value);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
      } catch {
        throw new Error(`${variable} must be an http(s) URL (or several, comma-separated), got "${value}"`);
      }
    }
    instances[name] = values.map((value) => value.replace(/\/+$/, ''));
    services[name] = instances[name][0]!;
  });
  const remoteDirs = {} as Record<RemoteName, string>;
  for (const name of REMOTES) {
    remoteDirs[name] = resolve(env[`EDGE_MFE_${name.toUpperCase()}_DIR`] ?? join(repoRoot, `mfe-${name}`, 'dist'));
  }
  return {
    host: env.HOST ?? '0.0.0.0',
    port,
    shellDir: resolve(env.EDGE_SHELL_DIR ?? join(repoRoot, 'shell', 'host', 'dist')),
    remoteDirs,
    services,
    instances,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseFlag('EDGE_TRUST_PROXY', env.EDGE_TRUST_PROXY),
  };
}

function parseFlag(variable: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new Error(`${variable} must be true or false, got "${value}"`);
}

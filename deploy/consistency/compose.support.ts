// deploy/compose.yaml as the tests see it: merge keys resolved, ${VAR:-default} interpolated with
// its default (what a host without those variables gets).
import { parse } from 'yaml';
import { read } from './repo.support.ts';

export interface ComposeService {
  image?: string;
  build?: { context?: string; dockerfile?: string; target?: string; args?: Record<string, string | number> };
  command?: string[] | string;
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: (string | number | { target: number; published?: string | number })[];
  healthcheck?: { test?: string[] | string; disable?: boolean };
  depends_on?: string[] | Record<string, { condition?: string }>;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
}

export function loadCompose(): ComposeFile {
  const document = parse(read('deploy/compose.yaml'), { merge: true }) as ComposeFile;
  if (!document?.services) throw new Error('deploy/compose.yaml has no services');
  return document;
}

/** Compose interpolation with defaults only: ${X:-d} → d, ${X-d} → d, ${X} → '', $$ → $. */
export function interpolate(value: string): string {
  return value
    .replace(/\$\{(\w+)(?::?-([^}]*))?\}/g, (_match, _name: string, fallback: string | undefined) => fallback ?? '')
    .replace(/\$\$/g, '$');
}

export function environmentOf(service: ComposeService): Map<string, string> {
  const environment = new Map<string, string>();
  const raw = service.environment ?? {};
  if (Array.isArray(raw)) {
    for (const entry of raw) {
      const index = entry.indexOf('=');
      environment.set(index < 0 ? entry : entry.slice(0, index), index < 0 ? '' : interpolate(entry.slice(index + 1)));
    }
  } else {
    for (const [key, value] of Object.entries(raw)) environment.set(key, interpolate(String(value ?? '')));
  }
  return environment;
}

/** A service's variables as written in compose.yaml (merge keys resolved, `${…}` not interpolated). */
export function rawEnvironmentOf(service: ComposeService): Map<string, string> {
  const raw = service.environment ?? {};
  if (Array.isArray(raw)) {
    return new Map(raw.map((entry) => (entry.includes('=') ? [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)] : [entry, ''])));
  }
  return new Map(Object.entries(raw).map(([key, value]) => [key, String(value ?? '')]));
}

/** Container-side ports a service publishes. */
export function containerPorts(service: ComposeService): number[] {
  return (service.ports ?? []).map((entry) => {
    if (typeof entry === 'object') return entry.target;
    const text = interpolate(String(entry)).replace(/\/(tcp|udp)$/, '');
    return Number(text.split(':').at(-1));
  });
}

export function dependsOn(service: ComposeService): Map<string, string | undefined> {
  const raw = service.depends_on ?? {};
  if (Array.isArray(raw)) return new Map(raw.map((name) => [name, undefined]));
  return new Map(Object.entries(raw).map(([name, options]) => [name, options?.condition]));
}

/** host[:port] named in a URL or host:port list value, if any. */
export function hostsIn(value: string): { host: string; port: number | undefined }[] {
  const hosts: { host: string; port: number | undefined }[] = [];
  for (const part of value.split(',')) {
    const match = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/]*@)?([a-zA-Z0-9.-]+)(?::(\d+))?/.exec(part.trim());
    if (match) hosts.push({ host: match[1]!, port: match[2] ? Number(match[2]) : undefined });
  }
  return hosts;
}

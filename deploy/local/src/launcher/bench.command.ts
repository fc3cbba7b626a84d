import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startInfra } from '../index.ts';
import { asrEnvOrWarn } from '../provision/asr.ts';
import { repoRoot } from '../support/paths.ts';
import { bold, red, say } from './console.ts';

// `npm run bench`: every `<workspace>/bench/*.bench.ts`, one after the other, against the test
// infrastructure.

export function findBenchFiles(): string[] {
  const root = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces?: string[] };
  const files: string[] = [];
  for (const workspace of root.workspaces ?? []) {
    const dir = path.join(repoRoot, workspace, 'bench');
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir).sort()) {
      if (name.endsWith('.bench.ts')) files.push(path.join(dir, name));
    }
  }
  return files;
}

export async function benchCommand(filters: string[]): Promise<number> {
  const files = findBenchFiles().filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)));
  if (files.length === 0) {
    say('bench', 'no bench/*.bench.ts files found');
    return 0;
  }
  const infra = await startInfra({ profile: 'test', log: (line) => say('infra', line) });
  const asr = await asrEnvOrWarn((line) => say('infra', line));
  const env = { ...process.env, ...infra.env(), ...asr, LECTERN_TEST_INFRA: '1' };
  const failed: string[] = [];
  let current: ReturnType<typeof spawn> | undefined;
  process.on('SIGINT', () => current?.kill('SIGINT'));
  process.on('SIGTERM', () => current?.kill('SIGTERM'));
  try {
    for (const file of files) {
      const relative = path.relative(repoRoot, file);
      process.stdout.write(`\n${bold(`▶ ${relative}`)}\n`);
      const started = Date.now();
      const code = await new Promise<number>((resolve) => {
        current = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', '--disable-warning=TimeoutNegativeWarning', file], {
          cwd: path.dirname(path.dirname(file)),
          env,
          stdio: 'inherit',
        });
        current.once('error', () => resolve(127));
        current.once('exit', (c, signal) => resolve(c ?? (signal ? 130 : 1)));
      });
      const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
      if (code === 0) say('bench', `${relative} done in ${took}`);
      else {
        failed.push(relative);
        say('bench', red(`${relative} failed (exit ${code}) after ${took}`));
      }
    }
  } finally {
    await infra.stop();
  }
  say('bench', `${files.length - failed.length} of ${files.length} benchmarks ran`);
  return failed.length === 0 ? 0 : 1;
}

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { startInfra } from '../index.ts';
import { asrEnvOrWarn } from '../provision/asr.ts';
import { repoRoot } from '../support/paths.ts';
import { stampOf } from '../support/proc.ts';
import { ownerFileOf, testDirPrefix } from '../support/reaper.ts';
import { killGroup, superviseGroup } from '../support/supervisor.ts';
import { say } from './console.ts';
import { closingLines, readTotals } from './summary.ts';

// `npm test`: one set of test infrastructure for the whole run, shared by every package through
// the environment (LECTERN_TEST_INFRA=1 tells @lectern/local-stack/testing to use it). Every
// package's Jest run leaves its totals in LECTERN_TEST_RESULTS_DIR (totals.reporter.ts).

// One package's tests more than there are cores: a test task waits on services, Kafka and the
// browser much of the time (the browser journeys alone use 0.64 of a core on this 2-core machine),
// so two at a time left a core idle for much of a run.
const TEST_TASKS_AT_ONCE = availableParallelism() + 1;

export async function testCommand(turboArgs: string[]): Promise<number> {
  const started = Date.now();
  const infra = await startInfra({ profile: 'test', log: (line) => say('infra', line) });
  const asr = await asrEnvOrWarn((line) => say('infra', line));
  const resultsDir = mkdtempSync(path.join(tmpdir(), `${testDirPrefix}results-`));
  // Owned like a data dir, so the next start's sweep removes it if this launcher is SIGKILLed.
  writeFileSync(ownerFileOf(resultsDir), stampOf(process.pid));
  const env = { ...process.env, ...infra.env(), ...asr, LECTERN_TEST_INFRA: '1', LECTERN_TEST_RESULTS_DIR: resultsDir };
  let child: ReturnType<typeof spawn> | undefined;

  const interrupt = (signal: NodeJS.Signals) => {
    if (child?.pid) killGroup(child.pid, signal);
  };
  process.on('SIGINT', () => interrupt('SIGINT'));
  process.on('SIGTERM', () => interrupt('SIGTERM'));

  const code = await new Promise<number>((resolve) => {
    child = spawn(
      path.join(repoRoot, 'node_modules', '.bin', 'turbo'),
      // --continue: every package is checked even after one fails, so the totals are complete.
      ['run', 'lint', 'check', 'test', `--concurrency=${TEST_TASKS_AT_ONCE}`, '--continue', ...turboArgs],
      { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    // A launcher killed without its hooks (SIGKILL) takes the test run down with it (ADR 0034).
    const release = child.pid === undefined ? () => undefined : superviseGroup('turbo', child.pid);
    child.once('close', release);
    child.stdout?.pipe(process.stdout, { end: false });
    child.stderr?.pipe(process.stderr, { end: false });
    child.once('error', (error) => {
      say('lectern', `could not run turbo: ${error.message}`);
      resolve(127);
    });
    child.once('close', (c, signal) => resolve(c ?? (signal ? 130 : 1)));
  });

  await infra.stop();
  const totals = readTotals(resultsDir, repoRoot);
  rmSync(resultsDir, { recursive: true, force: true });
  say('lectern', `tests finished in ${((Date.now() - started) / 1000).toFixed(0)} s (exit ${code}, ${totals.runs} Jest runs)`);
  process.stdout.write(`${closingLines(totals).join('\n')}\n`);
  return code;
}

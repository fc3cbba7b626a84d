import { DEMO_PLANNING_CENTER_TOKEN, DEMO_ROCK_RMS_KEY } from '../church-systems/church-systems.server.ts';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startInfra } from '../index.ts';
import { asrEnvOrWarn } from '../provision/asr.ts';
import type { Infra } from '../types.ts';
import { httpStatus } from '../support/http.ts';
import { devStateDir, repoRoot } from '../support/paths.ts';
import { appSpecs, demoAccount, demoAccounts, edgePort, publicOrigin, sampleFeedUrl, services, startApp, type RunningApp } from './apps.ts';
import { bold, dim, green, red, say } from './console.ts';
import { frontendStaleReason, markFrontendBuilt } from './frontend.ts';
import { DEMO_SERMON_TITLE, ensureDemoSermon } from './demo-sermon.ts';
import { ensureDemoSubscription } from './demo-subscription.ts';

const logDir = path.join(devStateDir, 'logs');

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

async function buildFrontend(): Promise<void> {
  const reason = frontendStaleReason();
  if (!reason) {
    say('build', 'front end is up to date');
    return;
  }
  const started = Date.now();
  say('build', `${reason}: turbo run build (log: .lectern/logs/build.log)…`);
  const logFile = path.join(logDir, 'build.log');
  const out = fs.openSync(logFile, 'w');
  const code = await new Promise<number>((resolve) => {
    const child = spawn(path.join(repoRoot, 'node_modules', '.bin', 'turbo'), ['run', 'build', '--output-logs=errors-only'], {
      cwd: repoRoot,
      stdio: ['ignore', out, out],
    });
    child.once('error', () => resolve(127));
    child.once('exit', (c) => resolve(c ?? 1));
  });
  fs.closeSync(out);
  if (code === 0) {
    markFrontendBuilt();
    say('build', `front end built in ${seconds(started)}`);
  }
  else say('build', red(`build failed (exit ${code}); the edge serves what was built before — see .lectern/logs/build.log`));
}

/** Healthy on its own port first (so the edge is not asked while it boots), then through the edge. */
async function waitHealthy(name: string, app: RunningApp, timeoutMs: number): Promise<string | undefined> {
  const direct = `http://127.0.0.1:${app.spec.port}/api/${name}/healthz`;
  const viaEdge = `http://localhost:${edgePort}/api/${name}/healthz`;
  const deadline = Date.now() + timeoutMs;
  let url = direct;
  while (Date.now() < deadline) {
    if (app.proc.exited()) return `exited before it was healthy:\n${app.proc.exited()}`;
    if ((await httpStatus(url)) === 200) {
      if (url === viaEdge) return undefined;
      url = viaEdge;
      continue;
    }
    await sleep(300);
  }
  return `not healthy at ${url} after ${timeoutMs / 1000} s — see .lectern/logs/${name}.log`;
}

export async function startCommand(): Promise<number> {
  const started = Date.now();
  fs.mkdirSync(logDir, { recursive: true });
  const state: { infra?: Infra; starting?: Promise<Infra> } = {};
  const apps: RunningApp[] = [];
  let stopping = false;

  const stopAll = async (signal: string) => {
    if (stopping) {
      say('lectern', 'second interrupt: killing everything now');
      process.exit(130);
    }
    stopping = true;
    const since = Date.now();
    say('lectern', `${signal}: stopping…`);
    // The edge first, the services next, the infrastructure last.
    for (const app of [...apps].reverse()) await app.proc.stop(10_000);
    // Interrupted while the infrastructure was still starting: let it finish, then stop it cleanly.
    const infra = state.infra ?? (await state.starting?.catch(() => undefined));
    await infra?.stop();
    say('lectern', `stopped in ${seconds(since)}`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stopAll('interrupted'));
  process.on('SIGTERM', () => void stopAll('terminated'));

  say('lectern', `starting (logs in ${path.relative(process.cwd(), logDir) || logDir})`);
  const starting = startInfra({ profile: 'dev', log: (line) => say('infra', line) });
  state.starting = starting;
  const infra = await starting;
  state.infra = infra;
  // A Ctrl-C meanwhile is being handled by stopAll, which exits the process.
  const halt = () => new Promise<never>(() => setInterval(() => undefined, 1 << 30));
  if (stopping) return halt();
  await buildFrontend();
  if (stopping) return halt();
  const asr = await asrEnvOrWarn((line) => say('infra', line));
  if (stopping) return halt();

  const problems: string[] = [];
  const missing: string[] = [];
  for (const spec of appSpecs({ ...infra.env(), ...asr })) {
    const outcome = await startApp(spec, logDir);
    if (outcome.kind === 'started') apps.push(outcome.app);
    else if (outcome.kind === 'missing') missing.push(`${outcome.name} (${outcome.reason})`);
    else problems.push(`${outcome.name}: ${outcome.reason}`);
  }

  const edge = apps.find((a) => a.spec.name === 'edge');
  const healthy: string[] = [];
  if (edge) {
    const results = await Promise.all(
      apps
        .filter((a) => (services as readonly string[]).includes(a.spec.name))
        .map(async (app) => ({ name: app.spec.name, problem: await waitHealthy(app.spec.name, app, 60_000) })),
    );
    for (const { name, problem } of results) {
      if (problem) problems.push(`${name}: ${problem}`);
      else healthy.push(name);
    }
  } else if (apps.length > 0) {
    problems.push('edge: not running, so no service can be reached at ' + publicOrigin);
  }

  // Report anything that dies from now on, with the end of its log.
  for (const app of apps) {
    void app.proc.child.once('exit', () => {
      if (!stopping) say(app.spec.name, red(`stopped unexpectedly:\n${app.proc.exited() ?? ''}`));
    });
  }

  // The demo church's plan (demo-subscription.ts): bought through billing as paid signup does.
  const demoPlan = healthy.includes('identity') && healthy.includes('billing');
  if (demoPlan) {
    void ensureDemoSubscription({ origin: publicOrigin, email: demoAccount.email, password: demoAccount.password, log: (line) => say('demo', line) });
  }

  // The demo church's published sermon (demo-sermon.ts): processed by the real pipeline in the background.
  const demoSermon = healthy.includes('identity') && healthy.includes('sermons') && apps.some((a) => a.spec.name === 'worker');
  if (demoSermon) {
    const churchDomain = demoAccount.email.split('@')[1];
    void ensureDemoSermon({
      origin: publicOrigin,
      email: `pastor@${churchDomain}`,
      password: demoAccount.password,
      workDir: path.join(devStateDir, 'demo'),
      log: (line) => say('demo', line),
    });
  }

  const e = infra.endpoints;
  const lines = [
    '',
    bold(`Lectern is up in ${seconds(started)}`),
    `  App              ${edge ? publicOrigin : red('(edge not running)')}`,
    ...(healthy.includes('identity')
      ? [`  Demo accounts    password ${demoAccount.password} for each`, ...demoAccounts().map((a) => `    ${a.email.padEnd(24)} ${a.what}`)]
      : []),
    ...(demoPlan ? [`  Demo plan        Lectern Standard (monthly) for the demo church, paid with Stripe's test card through billing (Settings → Organization)`] : []),
    ...(demoSermon ? [`  Demo sermon      '${DEMO_SERMON_TITLE}', published for the member area once the pipeline has processed it (lines marked demo)`] : []),
    ...(e.temporalUiUrl ? [`  Temporal UI      ${e.temporalUiUrl}`] : []),
    ...(apps.some((a) => a.spec.name === 'feeds') ? [`  Sample RSS feed  ${sampleFeedUrl} (console → RSS Migration)`] : []),
    ...(apps.some((a) => a.spec.name === 'church-systems')
      ? [`  Church systems   Planning Center and Rock RMS stand-ins, 250 people (Settings → Integrations as staff@lectern.app)`, `    API keys         Planning Center ${DEMO_PLANNING_CENTER_TOKEN} (or "Connect with Planning Center": OAuth against the stand-in), Rock RMS ${DEMO_ROCK_RMS_KEY}`]
      : []),
    // MailDev 3 serves its web UI at /index.html (its root answers 404).
    ...(e.mailApiUrl ? [`  Mail catcher     ${e.mailApiUrl.replace('127.0.0.1', 'localhost').replace(/\/$/, '')}/index.html`] : []),
    ...healthy.map((name) => `  ${`${name} API`.padEnd(16)} ${publicOrigin}/api/${name}/docs`),
    `  Logs             ${logDir}`,
    ...(healthy.length ? [green(`  healthy: ${healthy.join(', ')}`)] : []),
    ...missing.map((m) => dim(`  not started: ${m}`)),
    ...problems.map((p) => red(`  problem: ${p}`)),
    '',
    'Ctrl-C stops everything.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  // Stay up until a signal arrives.
  await new Promise<never>(() => setInterval(() => undefined, 1 << 30));
  return 0;
}

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { InfraError } from './errors.ts';
import { tailOfLog } from './supervisor.ts';

// Binaries and jars are provisioned once per machine into the cache, under a lock so that two
// runs started together (npm start and npm test) do not build the same thing twice.

export function cacheRoot(): string {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'lectern');
}

export function findOnPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

export function requireCommand(command: string, why: string): string {
  const found = findOnPath(command);
  if (!found) throw new InfraError(`'${command}' is missing — ${why}`);
  return found;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Cross-process lock: a directory created atomically, holding the owner's pid. */
export async function withLock<T>(name: string, log: (line: string) => void, work: () => Promise<T>): Promise<T> {
  const lockDir = path.join(cacheRoot(), 'locks', `${name}.lock`);
  fs.mkdirSync(path.dirname(lockDir), { recursive: true });
  let told = false;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(safeRead(path.join(lockDir, 'pid')), 10);
      if (Number.isInteger(owner) && !pidAlive(owner)) {
        fs.rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (!told) {
        log(`waiting for another lectern run (pid ${owner || '?'}) to finish provisioning ${name}…`);
        told = true;
      }
      await sleep(250);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

function safeRead(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Runs a command to completion with its output in `logFile`; throws with the log's tail. */
export function runLogged(
  command: string,
  args: string[],
  options: { logFile: string; cwd?: string; env?: NodeJS.ProcessEnv; uid?: number; gid?: number },
): Promise<void> {
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const fd = fs.openSync(options.logFile, 'a');
  fs.writeSync(fd, `\n--- ${new Date().toISOString()} ${command} ${args.join(' ')}\n`);
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', fd, fd],
      uid: options.uid,
      gid: options.gid,
    });
    child.once('error', (error) => reject(new InfraError(`could not run ${command}: ${error.message}`)));
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new InfraError(
            `${path.basename(command)} ${args[0] ?? ''} failed (${signal ?? `code ${code}`}), see ${options.logFile}:\n${tailOfLog(options.logFile)}`,
          ),
        );
    });
  }).finally(() => fs.closeSync(fd));
}

export interface GoTool {
  binary: string;
  module: string;
  version: string;
}

export const goTools = {
  temporal: { binary: 'temporal', module: 'github.com/temporalio/cli/cmd/temporal', version: 'v1.5.1' },
  stripeMock: { binary: 'stripe-mock', module: 'github.com/stripe/stripe-mock', version: 'v0.197.0' },
  versitygw: { binary: 'versitygw', module: 'github.com/versity/versitygw/cmd/versitygw', version: 'v1.7.0' },
} satisfies Record<string, GoTool>;

/** Path of a Go tool in the cache, building it with `go install` the first time. */
export async function ensureGoTool(tool: GoTool, log: (line: string) => void): Promise<string> {
  const binDir = path.join(cacheRoot(), 'bin');
  const binary = path.join(binDir, tool.binary);
  if (fs.existsSync(binary)) return binary;
  const go = requireCommand(
    'go',
    `${tool.binary} is not in ${binDir} yet and building it needs Go ≥ 1.25 (install Go, or put a ${tool.binary} binary there)`,
  );
  return withLock(`go-${tool.binary}`, log, async () => {
    if (fs.existsSync(binary)) return binary;
    const started = Date.now();
    log(`building ${tool.binary} ${tool.version} with go install (first run only, can take minutes)…`);
    await runLogged(go, ['install', `${tool.module}@${tool.version}`], {
      logFile: path.join(cacheRoot(), 'logs', `go-install-${tool.binary}.log`),
      env: { ...process.env, GOBIN: binDir, CGO_ENABLED: process.env.CGO_ENABLED ?? '0' },
    });
    log(`${tool.binary} built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return binary;
  });
}

export const kafkaVersion = '4.1.1';

function kafkaPom(version: string): string {
  return `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>dev.lectern.local</groupId>
  <artifactId>kafka-runtime</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>${version}</version></dependency>
    <dependency><groupId>org.apache.logging.log4j</groupId><artifactId>log4j-core</artifactId><version>2.24.3</version></dependency>
    <dependency><groupId>org.apache.logging.log4j</groupId><artifactId>log4j-slf4j2-impl</artifactId><version>2.24.3</version></dependency>
  </dependencies>
</project>
`;
}

/** Directory of the Kafka broker's jars, resolved from Maven Central the first time. */
export async function ensureKafkaJars(log: (line: string) => void): Promise<string> {
  const home = path.join(cacheRoot(), `kafka-${kafkaVersion}`);
  const lib = path.join(home, 'lib');
  const complete = path.join(home, '.complete');
  if (fs.existsSync(complete)) return lib;
  const mvn = requireCommand('mvn', `Kafka ${kafkaVersion} is not in ${home} yet and resolving it from Maven Central needs Maven (apt-get install maven)`);
  return withLock(`kafka-${kafkaVersion}`, log, async () => {
    if (fs.existsSync(complete)) return lib;
    const started = Date.now();
    log(`resolving Apache Kafka ${kafkaVersion} from Maven Central (first run only)…`);
    fs.rmSync(lib, { recursive: true, force: true });
    fs.mkdirSync(home, { recursive: true });
    fs.writeFileSync(path.join(home, 'pom.xml'), kafkaPom(kafkaVersion));
    await runLogged(
      mvn,
      ['-B', '-q', 'dependency:copy-dependencies', '-DincludeScope=runtime', `-DoutputDirectory=${lib}`],
      { cwd: home, logFile: path.join(home, 'mvn.log') },
    );
    fs.writeFileSync(complete, new Date().toISOString());
    log(`Kafka ${kafkaVersion} resolved in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return lib;
  });
}

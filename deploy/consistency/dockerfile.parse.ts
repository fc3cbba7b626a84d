// A small Dockerfile reader: enough to follow stages, ARG/ENV substitution, COPY, WORKDIR, CMD and
// HEALTHCHECK the way BuildKit does, so the tests can check what an image would contain without a
// container engine.
import { posix } from 'node:path';

export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export interface Stage {
  name: string;
  /** Image or earlier stage this one starts from (after global ARG substitution). */
  base: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  globalArgs: Map<string, string | undefined>;
  stages: Stage[];
}

export interface CopyInstruction {
  from: string | undefined;
  sources: string[];
  destination: string;
  /** Working directory when the COPY runs (relative destinations resolve against it). */
  workdir: string;
  line: number;
}

/** Split a Dockerfile into instructions (continuations joined, comments dropped) and stages. */
export function parseDockerfile(text: string): Dockerfile {
  const instructions: Instruction[] = [];
  let buffer = '';
  let startLine = 0;
  text.split('\n').forEach((raw, index) => {
    const trimmed = raw.trim();
    if (buffer === '' && (trimmed === '' || trimmed.startsWith('#'))) return;
    if (buffer !== '' && trimmed.startsWith('#')) return; // comment lines inside a continuation
    if (buffer === '') startLine = index + 1;
    if (trimmed.endsWith('\\')) {
      buffer += `${trimmed.slice(0, -1)} `;
      return;
    }
    buffer += trimmed;
    const match = /^(\S+)\s*(.*)$/s.exec(buffer);
    if (match) instructions.push({ keyword: match[1]!.toUpperCase(), args: match[2]!.trim(), line: startLine });
    buffer = '';
  });

  const globalArgs = new Map<string, string | undefined>();
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const parts = instruction.args.split(/\s+/).filter((part) => !part.startsWith('--'));
      const base = substitute(parts[0] ?? '', globalArgs);
      const asIndex = parts.findIndex((part) => part.toUpperCase() === 'AS');
      const name = asIndex >= 0 ? (parts[asIndex + 1] ?? '') : String(stages.length);
      stages.push({ name, base, instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword === 'ARG') {
        const [key, value] = splitAssignment(instruction.args);
        globalArgs.set(key, value);
      }
    } else {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}

function splitAssignment(text: string): [string, string | undefined] {
  const index = text.indexOf('=');
  if (index < 0) return [text.trim(), undefined];
  return [text.slice(0, index).trim(), unquote(text.slice(index + 1).trim())];
}

function unquote(value: string): string {
  return /^(["']).*\1$/s.test(value) ? value.slice(1, -1) : value;
}

/** Replace ${NAME} and $NAME with known values; unknown names become empty, as in BuildKit. */
export function substitute(text: string, values: Map<string, string | undefined>): string {
  return text.replace(/\$\{(\w+)\}|\$(\w+)/g, (_match, braced: string | undefined, bare: string | undefined) => {
    return values.get((braced ?? bare)!) ?? '';
  });
}

export function stageNamed(dockerfile: Dockerfile, name: string): Stage {
  const stage = dockerfile.stages.find((candidate) => candidate.name === name);
  if (!stage) throw new Error(`Dockerfile has no stage "${name}" (stages: ${dockerfile.stages.map((s) => s.name).join(', ')})`);
  return stage;
}

/** The stage and the earlier stages it builds on, root first. */
export function stageChain(dockerfile: Dockerfile, name: string): Stage[] {
  const chain: Stage[] = [];
  for (let stage: Stage | undefined = stageNamed(dockerfile, name); stage; ) {
    chain.unshift(stage);
    const base: string = stage.base;
    stage = dockerfile.stages.find((candidate) => candidate.name === base);
  }
  return chain;
}

/** Variables in scope at the end of a stage chain: global defaults, stage ARGs (overridden by build args), ENV. */
export function stageVariables(dockerfile: Dockerfile, name: string, buildArgs: Record<string, string> = {}): Map<string, string | undefined> {
  const values = new Map<string, string | undefined>();
  for (const stage of stageChain(dockerfile, name)) {
    for (const instruction of stage.instructions) {
      if (instruction.keyword === 'ARG') {
        const [key, fallback] = splitAssignment(instruction.args);
        const globalDefault = dockerfile.globalArgs.get(key);
        values.set(key, buildArgs[key] ?? fallback ?? globalDefault);
      } else if (instruction.keyword === 'ENV') {
        for (const [key, value] of parseEnv(instruction.args, values)) values.set(key, value);
      }
    }
  }
  return values;
}

function parseEnv(args: string, scope: Map<string, string | undefined>): [string, string][] {
  if (!args.includes('=')) {
    const [key, ...rest] = args.split(/\s+/);
    return [[key!, substitute(rest.join(' '), scope)]];
  }
  const pairs: [string, string][] = [];
  for (const match of args.matchAll(/(\w+)=("[^"]*"|'[^']*'|\S*)/g)) {
    pairs.push([match[1]!, substitute(unquote(match[2]!), scope)]);
  }
  return pairs;
}

/** Every COPY of a stage (not of the stages it builds on), with variables substituted. */
export function copiesOf(dockerfile: Dockerfile, name: string, buildArgs: Record<string, string> = {}): CopyInstruction[] {
  const stage = stageNamed(dockerfile, name);
  const copies: CopyInstruction[] = [];
  const scope = new Map<string, string | undefined>();
  const chain = stageChain(dockerfile, name);
  const parent = chain.at(-2);
  let workdir = parent ? finalWorkdir(dockerfile, parent.name, buildArgs) : '/';
  if (parent) for (const [key, value] of stageVariables(dockerfile, parent.name, buildArgs)) scope.set(key, value);
  for (const instruction of stage.instructions) {
    if (instruction.keyword === 'WORKDIR') {
      workdir = posix.resolve(workdir, substitute(instruction.args, scope));
    } else if (instruction.keyword === 'ARG') {
      const [key, fallback] = splitAssignment(instruction.args);
      scope.set(key, buildArgs[key] ?? fallback ?? dockerfile.globalArgs.get(key));
    } else if (instruction.keyword === 'ENV') {
      for (const [key, value] of parseEnv(instruction.args, scope)) scope.set(key, value);
    } else if (instruction.keyword === 'COPY' || instruction.keyword === 'ADD') {
      const words = instruction.args.startsWith('[')
        ? (JSON.parse(instruction.args) as string[])
        : instruction.args.split(/\s+/);
      const flags = words.filter((word) => word.startsWith('--'));
      const paths = words.filter((word) => !word.startsWith('--')).map((word) => substitute(word, scope));
      const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
      copies.push({ from, sources: paths.slice(0, -1), destination: paths.at(-1) ?? '', workdir, line: instruction.line });
    }
  }
  return copies;
}

/** Last value of a keyword along the stage chain (WORKDIR resolves relative paths, as Docker does). */
export function finalWorkdir(dockerfile: Dockerfile, name: string, buildArgs: Record<string, string> = {}): string {
  let workdir = '/';
  for (const stage of stageChain(dockerfile, name)) {
    const scope = stageVariables(dockerfile, stage.name, buildArgs);
    for (const instruction of stage.instructions) {
      if (instruction.keyword !== 'WORKDIR') continue;
      workdir = posix.resolve(workdir, substitute(instruction.args, scope));
    }
  }
  return workdir;
}

export function lastInstruction(dockerfile: Dockerfile, name: string, keyword: string): Instruction | undefined {
  let found: Instruction | undefined;
  for (const stage of stageChain(dockerfile, name)) {
    for (const instruction of stage.instructions) if (instruction.keyword === keyword) found = instruction;
  }
  return found;
}

/** CMD of a stage in exec form (JSON array); shell form is rejected because signals would not reach Node. */
export function execCommand(dockerfile: Dockerfile, name: string): string[] {
  const cmd = lastInstruction(dockerfile, name, 'CMD');
  if (!cmd) throw new Error(`stage "${name}" has no CMD`);
  if (!cmd.args.startsWith('[')) throw new Error(`stage "${name}" CMD (line ${cmd.line}) must use the exec form ["node", "<file>"]`);
  return JSON.parse(cmd.args) as string[];
}

/** The shell command of each RUN of a stage (not of the stages it builds on), `--mount=…` flags removed. */
export function runCommands(dockerfile: Dockerfile, name: string): string[] {
  return stageNamed(dockerfile, name)
    .instructions.filter((instruction) => instruction.keyword === 'RUN')
    .map((instruction) => instruction.args.replace(/^(--\S+\s+)+/, ''));
}

/**
 * Debian packages a stage's RUNs name after `apt-get install` (options skipped), with the stage's
 * ARG/ENV values substituted; words left as shell variables (`$packages`) are not counted.
 */
export function aptInstalled(dockerfile: Dockerfile, name: string, buildArgs: Record<string, string> = {}): string[] {
  const scope = stageVariables(dockerfile, name, buildArgs);
  const packages: string[] = [];
  for (const command of runCommands(dockerfile, name)) {
    for (const segment of command.split(/&&|\|\||;|\|/)) {
      const words = segment.trim().split(/\s+/);
      const install = words.findIndex((word, index) => word === 'install' && words[index - 1] === 'apt-get');
      if (install < 0) continue;
      const named = words.slice(install + 1).map((word) => (/^\$\{\w+\}$/.test(word) ? substitute(word, scope) : word));
      packages.push(...named.flatMap((word) => word.split(/\s+/)).filter((word) => /^[a-z0-9][a-z0-9.+-]+$/.test(word)));
    }
  }
  return packages;
}

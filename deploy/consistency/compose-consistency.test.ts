// deploy/compose.yaml and deploy/docker/node.Dockerfile checked against the repository, since no
// container engine runs here: entry files, ports, variables, health checks, COPY sources, and what
// each image must contain for its process to start.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, posix } from 'node:path';
import { describe, test } from '@jest/globals';
import { containerPorts, dependsOn, environmentOf, hostsIn, loadCompose } from './compose.support.ts';
import { configReads, inapplicable } from './config-sources.support.ts';
import type { ComposeService } from './compose.support.ts';
import {
  aptInstalled,
  copiesOf,
  execCommand,
  finalWorkdir,
  lastInstruction,
  parseDockerfile,
  stageChain,
  stageNamed,
  stageVariables,
} from './dockerfile.parse.ts';
import {
  APPS,
  SERVICE_NAMES,
  appNamed,
  architecturePorts,
  architectureVariables,
  dockerignore,
  exists,
  read,
  readEnvExample,
  repoRoot,
  rootWorkspaces,
  runtimeWorkspaceClosure,
} from './repo.support.ts';
import type { App } from './repo.support.ts';

const DOCKERFILE = 'deploy/docker/node.Dockerfile';
const IMAGE_ROOT = '/app';
const compose = loadCompose();
const dockerfile = parseDockerfile(read(DOCKERFILE));
const ports = architecturePorts();

/** Compose services built from our Dockerfile, with the app each one runs. */
function builtServices(): { name: string; service: ComposeService; app: App; target: string; args: Record<string, string> }[] {
  return Object.entries(compose.services)
    .filter(([, service]) => service.build)
    .map(([name, service]) => {
      const target = service.build?.target;
      assert.ok(target, `compose service "${name}": build.target is required (node.Dockerfile builds several images)`);
      const args = Object.fromEntries(Object.entries(service.build?.args ?? {}).map(([key, value]) => [key, String(value)]));
      const appName = target === 'service' ? (args.SERVICE ?? stageVariables(dockerfile, 'service').get('SERVICE')) : target;
      assert.ok(appName, `compose service "${name}": cannot tell which app it runs`);
      return { name, service, app: appNamed(appName), target, args };
    });
}

/** Path inside the image → path in the repository (the images keep the repository layout under /app). */
function repoPathOf(imagePath: string): string {
  const relative = posix.relative(IMAGE_ROOT, imagePath);
  assert.ok(!relative.startsWith('..'), `${imagePath} is outside ${IMAGE_ROOT}`);
  return relative;
}

/** Build-context paths a stage (or a stage it builds on) copies to the same path under /app. */
function contextCopies(target: string, args: Record<string, string>): string[] {
  const paths: string[] = [];
  for (const stage of stageChain(dockerfile, target)) {
    for (const copy of copiesOf(dockerfile, stage.name, args)) {
      if (copy.from !== undefined) continue;
      for (const source of copy.sources) {
        const destination = posix.resolve(copy.workdir, copy.destination);
        const landsAt = copy.destination.endsWith('/') && isFile(source) ? posix.join(destination, posix.basename(source)) : destination;
        if (landsAt.startsWith(`${IMAGE_ROOT}/`) && repoPathOf(landsAt) === source) paths.push(source);
      }
    }
  }
  return paths;
}

const isFile = (path: string): boolean => exists(path) && statSync(join(repoRoot, path)).isFile();

describe('compose.yaml: Node processes', () => {
  test('the five services, the worker and the edge each run exactly once, under their own name', () => {
    const built = builtServices();
    assert.deepEqual(built.map((entry) => entry.app.name).sort(), APPS.map((app) => app.name).sort());
    for (const entry of built) assert.equal(entry.name, entry.app.name, `compose service "${entry.name}" runs ${entry.app.name}`);
  });

  test('each builds from node.Dockerfile at the repository root, with a target stage that exists', () => {
    assert.ok(exists(DOCKERFILE));
    for (const { name, service, target } of builtServices()) {
      assert.equal(posix.normalize(posix.join('deploy', service.build?.context ?? '.')), '.', `${name}: build.context must be the repository root ("..")`);
      assert.equal(service.build?.dockerfile, DOCKERFILE, `${name}: build.dockerfile`);
      assert.doesNotThrow(() => stageNamed(dockerfile, target), `${name}: target "${target}"`);
    }
  });

  for (const app of APPS) {
    test(`${app.name} runs \`node ${app.entry}\`, a file present in the repository and copied into the image`, () => {
      const entry = builtServices().find((candidate) => candidate.app.name === app.name);
      assert.ok(entry, `no compose service runs ${app.name}`);
      const { name, service, target, args } = entry;
      const command = service.command ? (Array.isArray(service.command) ? service.command : service.command.split(/\s+/)) : execCommand(dockerfile, target);
      assert.equal(command[0], 'node', `${name}: runs ${command.join(' ')}`);
      const file = repoPathOf(posix.resolve(finalWorkdir(dockerfile, target, args), command[1] ?? ''));
      assert.equal(file, app.entry, `${name}: entry file`);
      const copied = contextCopies(target, args);
      assert.ok(copied.some((source) => file.startsWith(`${source}/`)), `${name}: no COPY in stage "${target}" brings ${file} into the image (copied: ${copied.join(', ')})`);
      assert.ok(exists(file), `${name}: entry file ${file} does not exist in the repository (yet)`);
    });
  }
});

describe('compose.yaml: ports', () => {
  test('ARCHITECTURE.md lists a port for every service and the edge', () => {
    for (const app of APPS.filter((candidate) => candidate.name !== 'worker')) assert.ok(ports.has(app.folder), `ARCHITECTURE.md has no port for ${app.folder}`);
  });

  test('PORT and published container ports match ARCHITECTURE.md', () => {
    for (const { name, service, app, target, args } of builtServices()) {
      const expected = ports.get(app.folder);
      const environment = environmentOf(service);
      const imagePort = stageVariables(dockerfile, target, args).get('PORT');
      if (expected === undefined) {
        assert.ok(!environment.has('PORT') && containerPorts(service).length === 0, `${name} listens on no port per ARCHITECTURE.md`);
        continue;
      }
      assert.equal(Number(environment.get('PORT') ?? imagePort), expected, `${name}: PORT`);
      for (const port of containerPorts(service)) assert.equal(port, expected, `${name}: published container port`);
    }
  });

  test('the edge image exposes and defaults to the edge port', () => {
    const edgePort = ports.get('deploy/edge');
    assert.equal(Number(stageVariables(dockerfile, 'edge').get('PORT')), edgePort);
    assert.equal(lastInstruction(dockerfile, 'edge', 'EXPOSE')?.args, String(edgePort));
  });

  test('URLs between containers name a compose service and its port', () => {
    const upstreams = new Map(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_URL`, `http://${name}:${ports.get(`services/${name}`)}`]));
    const edge = environmentOf(compose.services.edge!);
    for (const [variable, url] of upstreams) assert.equal(edge.get(variable)?.replace(/\/$/, ''), url, `edge ${variable}`);
    for (const { name, service } of builtServices()) {
      const jwks = environmentOf(service).get('IDENTITY_JWKS_URL');
      if (jwks !== undefined) assert.equal(jwks, `http://identity:${ports.get('services/identity')}/api/identity/.well-known/jwks.json`, `${name}: IDENTITY_JWKS_URL`);
    }
  });
});

describe('compose.yaml: environment variables', () => {
  const fallback = new Set([...architectureVariables(), ...SERVICE_NAMES.map((name) => `${name.toUpperCase()}_URL`)]);

  for (const app of APPS) {
    test(`${app.name}: sets only documented variables, and every required one`, () => {
      const entry = builtServices().find((candidate) => candidate.app.name === app.name);
      assert.ok(entry, `no compose service runs ${app.name}`);
      const set = new Set(environmentOf(entry.service).keys());
      const example = readEnvExample(app.folder);
      if (!example) {
        console.info(`${app.folder}/.env.example does not exist yet: checked against the variable names of ARCHITECTURE.md instead`);
        const unknown = [...set].filter((name) => !fallback.has(name));
        assert.deepEqual(unknown, [], `${app.name} sets variables ARCHITECTURE.md does not name`);
        return;
      }
      // A variable the process's configuration reads is documented by it even before .env.example catches up.
      const undocumented = [...set].filter((name) => !example.documented.has(name) && !configReads(app.name).has(name));
      assert.deepEqual(undocumented, [], `compose sets variables ${example.path} does not document`);
      const imageEnv = stageVariables(dockerfile, entry.target, entry.args);
      const environment = environmentOf(entry.service);
      const missing = [...example.required].filter((name) => !set.has(name) && !imageEnv.get(name) && !inapplicable(name, environment, app.name));
      assert.deepEqual(missing, [], `compose leaves required variables of ${example.path} unset`);
    });
  }

  test('infrastructure a process talks to is a compose service it waits for', () => {
    for (const { name, service } of builtServices()) {
      const waits = dependsOn(service);
      for (const [variable, value] of environmentOf(service)) {
        // The key set is fetched lazily and cached, so no start-up order is needed for identity.
        if (variable === 'IDENTITY_JWKS_URL' || variable === 'PUBLIC_ORIGIN') continue;
        for (const { host } of hostsIn(value)) {
          if (!(host in compose.services) || host === name) continue;
          assert.ok(waits.has(host), `${name}: ${variable} points at "${host}" but depends_on does not wait for it`);
        }
      }
    }
  });
});

describe('compose.yaml: health', () => {
  const imageHealthcheck = (service: ComposeService): boolean => {
    const target = service.build?.target;
    if (!target) return false;
    const instruction = lastInstruction(dockerfile, target, 'HEALTHCHECK');
    return instruction !== undefined && instruction.args.toUpperCase() !== 'NONE';
  };

  test('every container but the worker has a health check (compose or image)', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (name === 'worker') continue;
      const own = service.healthcheck && !service.healthcheck.disable && service.healthcheck.test;
      assert.ok(own || imageHealthcheck(service), `${name} has no health check`);
    }
  });

  test('depends_on always waits for service_healthy of a service that has a health check', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [dependency, condition] of dependsOn(service)) {
        assert.equal(condition, 'service_healthy', `${name} → ${dependency}`);
        const target = compose.services[dependency];
        assert.ok(target, `${name} depends on unknown service ${dependency}`);
        assert.ok(target.healthcheck?.test || imageHealthcheck(target), `${name} waits for ${dependency}, which has no health check`);
      }
    }
  });

  test('service images probe their own healthz on their own port', () => {
    for (const { name, app, target, args } of builtServices()) {
      if (!app.healthz) continue;
      const scope = stageVariables(dockerfile, target, args);
      const path = scope.get('HEALTHCHECK_PATH') ?? `/api/${scope.get('SERVICE')}/healthz`;
      assert.equal(path, app.healthz, `${name}: image health check path`);
    }
  });
});

describe('node.Dockerfile', () => {
  const ignored = dockerignore();
  const serviceArgs = [...new Set(builtServices().filter((entry) => entry.target === 'service').map((entry) => entry.args.SERVICE ?? ''))];

  test('every COPY source from the build context exists and is not excluded by .dockerignore', () => {
    const variants: Record<string, string>[] = [{}, ...serviceArgs.map((SERVICE) => ({ SERVICE }))];
    for (const variant of variants) {
      for (const stage of dockerfile.stages) {
        for (const copy of copiesOf(dockerfile, stage.name, variant)) {
          if (copy.from !== undefined) continue;
          for (const source of copy.sources) {
            assert.ok(exists(source), `line ${copy.line}: COPY source "${source}" does not exist (stage ${stage.name}, args ${JSON.stringify(variant)})`);
            assert.ok(!ignored(source), `line ${copy.line}: COPY source "${source}" is excluded by .dockerignore`);
          }
        }
      }
    }
  });

  test('COPY --from names an earlier stage', () => {
    dockerfile.stages.forEach((stage, index) => {
      const earlier = new Set(dockerfile.stages.slice(0, index).map((candidate) => candidate.name));
      for (const copy of copiesOf(dockerfile, stage.name)) {
        if (copy.from !== undefined) assert.ok(earlier.has(copy.from), `line ${copy.line}: --from=${copy.from} is not an earlier stage`);
      }
    });
  });

  test('the manifests stage copies the lock and every workspace package.json (npm checks the lock against them all)', () => {
    const copied = copiesOf(dockerfile, 'manifests').flatMap((copy) => copy.sources);
    assert.ok(copied.includes('package-lock.json') && copied.includes('package.json'));
    const workspaceManifests = copied.filter((source) => source.endsWith('/package.json'));
    assert.deepEqual(workspaceManifests.sort(), rootWorkspaces().map((folder) => `${folder}/package.json`).sort());
  });

  test('each image holds every workspace package its process imports at run time', () => {
    for (const { name, app, target, args } of builtServices()) {
      const copied = new Set(contextCopies(target, args));
      const missing = [...runtimeWorkspaceClosure(app.folder)].filter((folder) => !copied.has(folder));
      assert.deepEqual(missing, [], `${name}: image lacks workspace folders (package.json dependencies)`);
    }
  });

  test('the edge image carries the bundles the web stage builds: shell and four remotes', () => {
    const frontEnds = ['shell/host', 'mfe-marketing', 'mfe-staff', 'mfe-member', 'mfe-console'];
    const build = stageNamed(dockerfile, 'web').instructions.find((instruction) => instruction.keyword === 'RUN' && instruction.args.includes('npm run build'));
    assert.ok(build, 'web stage runs npm run build');
    for (const folder of frontEnds) {
      assert.match(build.args, new RegExp(`-w ${folder}(\\s|$)`), `web stage builds ${folder}`);
      const copy = copiesOf(dockerfile, 'edge').find((candidate) => candidate.from === 'web' && candidate.sources.includes(`${IMAGE_ROOT}/${folder}/dist`));
      assert.ok(copy, `edge copies ${folder}/dist from the web stage`);
      assert.equal(copy.destination, `${folder}/dist`, `edge keeps ${folder}/dist at its repository path`);
    }
  });

  test('the worker image has ffmpeg and loads the pre-built workflow bundle', () => {
    assert.ok(aptInstalled(dockerfile, 'worker').includes('ffmpeg'));
    const bundle = stageVariables(dockerfile, 'worker').get('WORKFLOW_BUNDLE_PATH');
    assert.ok(bundle, 'WORKFLOW_BUNDLE_PATH is set');
    const copy = copiesOf(dockerfile, 'worker').find((candidate) => candidate.from === 'workflow-bundle');
    assert.ok(copy, 'worker copies from the workflow-bundle stage');
    assert.equal(posix.resolve(copy.workdir, copy.destination), bundle);
    assert.match(read('workflows/scripts/bundle-workflows.ts'), /dist\/workflow-bundle\.js/, 'the bundle script writes dist/workflow-bundle.js');
  });

  test('runtime images run as the non-root node user', () => {
    for (const target of ['service', 'worker', 'edge']) assert.equal(lastInstruction(dockerfile, target, 'USER')?.args, 'node', `${target}: USER`);
  });

  test('the base image is Node 24 on Debian bookworm (slim)', () => {
    assert.equal(dockerfile.globalArgs.get('NODE_IMAGE'), 'node:24-bookworm-slim');
    for (const stage of dockerfile.stages) {
      const known = dockerfile.stages.some((candidate) => candidate.name === stage.base);
      if (!known) assert.equal(stage.base, 'node:24-bookworm-slim', `stage ${stage.name} FROM`);
    }
  });

  test('.dockerignore keeps machine-local folders out of the build context', () => {
    for (const path of ['node_modules', 'services/kit/node_modules', 'shell/host/dist', '.git', '.lectern', 'services/identity/test']) {
      assert.ok(ignored(path), `${path} should be ignored`);
    }
  });
});

describe('deploy/docker/healthcheck.ts', () => {
  const script = join(repoRoot, 'deploy/docker/healthcheck.ts');
  const run = (env: Record<string, string>): Promise<number | null> =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [script], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' });
      child.on('exit', (code) => resolve(code));
    });

  test('exits 0 on 2xx from /api/$SERVICE/healthz, 1 on any other answer, on no answer, or when unconfigured', async () => {
    const seen: string[] = [];
    const server = createServer((request, response) => {
      seen.push(request.url ?? '');
      response.statusCode = request.url === '/api/sermons/healthz' || request.url === '/healthz' ? 200 : 503;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = String((server.address() as AddressInfo).port);
    try {
      assert.equal(await run({ PORT: port, SERVICE: 'sermons' }), 0);
      assert.equal(await run({ PORT: port, SERVICE: 'billing' }), 1);
      assert.equal(await run({ PORT: port, HEALTHCHECK_PATH: '/healthz' }), 0);
      assert.equal(await run({ PORT: port }), 1);
      assert.deepEqual(seen, ['/api/sermons/healthz', '/api/billing/healthz', '/healthz']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    assert.equal(await run({ PORT: port, SERVICE: 'sermons' }), 1, 'nothing listening');
  });
});


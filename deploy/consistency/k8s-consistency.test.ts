// deploy/k8s checked against the repository and against compose.yaml: one Deployment per process,
// ports from ARCHITECTURE.md, probes on each service's healthz/readyz, variables documented by the
// .env.example files, and every ConfigMap/Secret reference resolvable.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from '@jest/globals';
import { parseAllDocuments } from 'yaml';
import { environmentOf, loadCompose } from './compose.support.ts';
import { configReads, inapplicable } from './config-sources.support.ts';
import { parseDockerfile, stageVariables } from './dockerfile.parse.ts';
import { K8S, configMap, containerOf, deployment, exampleSecret, kustomization, serviceNamed } from './k8s.support.ts';
import { APPS, SERVICE_NAMES, architecturePorts, architectureVariables, read, readEnvExample, repoRoot } from './repo.support.ts';

const ports = architecturePorts();
const dockerfile = parseDockerfile(read('deploy/docker/node.Dockerfile'));

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
// CI installs kubectl (.ci/run); only a developer's machine without it skips the build.
const skipKustomize = !kubectl && !process.env.CI;

describe('k8s manifests', () => {
  (skipKustomize ? test.skip : test)('kustomize builds the folder (kubectl kustomize, no cluster needed)', () => {
    const built = spawnSync('kubectl', ['kustomize', join(repoRoot, K8S)], { encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    const kinds = parseAllDocuments(built.stdout).map((document) => (document.toJS() as { kind: string; metadata: { name: string; namespace?: string } }));
    for (const app of APPS) assert.ok(kinds.some((manifest) => manifest.kind === 'Deployment' && manifest.metadata.name === app.name && manifest.metadata.namespace === 'lectern'), `built output has Deployment ${app.name} in namespace lectern`);
  });

  test('kustomization lists every manifest in the folder (examples aside), and each image it deploys', () => {
    const files = readdirSync(join(repoRoot, K8S)).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml' && !file.endsWith('.example.yaml'));
    assert.deepEqual([...kustomization.resources].sort(), files.sort());
    const images = new Set(kustomization.images.map((image) => image.name));
    for (const app of APPS) assert.ok(images.has(containerOf(app.name).image.split(':')[0]!), `kustomization images lists ${app.name}'s image`);
  });

  test('one Deployment per process, running its own image as the non-root node user (uid 1000)', () => {
    for (const app of APPS) {
      const container = containerOf(app.name);
      assert.equal(container.image.split(':')[0], `lectern/${app.name}`);
      const security = deployment(app.name)?.spec?.template?.spec.securityContext;
      assert.equal(security?.runAsNonRoot, true, `${app.name}: runAsNonRoot`);
      assert.equal(security?.runAsUser, 1000, `${app.name}: runAsUser (the image's node user)`);
    }
  });

  test('container ports, PORT and Service ports match ARCHITECTURE.md; Services select their Deployment', () => {
    for (const app of APPS) {
      const expected = ports.get(app.folder);
      const container = containerOf(app.name);
      const service = serviceNamed(app.name);
      if (expected === undefined) {
        assert.equal(service, undefined, `${app.name} has no port, so no Service`);
        assert.equal(container.ports, undefined);
        continue;
      }
      assert.deepEqual(container.ports?.map((port) => port.containerPort), [expected], `${app.name}: containerPort`);
      assert.equal(container.env?.find((variable) => variable.name === 'PORT')?.value, String(expected), `${app.name}: PORT`);
      assert.ok(service, `no Service "${app.name}"`);
      assert.equal(service.spec?.ports?.[0]?.port, expected, `${app.name}: Service port`);
      const targetPort = service.spec?.ports?.[0]?.targetPort;
      assert.ok(container.ports?.some((port) => port.name === targetPort || port.containerPort === targetPort), `${app.name}: Service targetPort ${targetPort}`);
      const labels = deployment(app.name)?.spec?.template?.metadata.labels ?? {};
      const selector = service.spec?.selector ?? {};
      for (const [key, value] of Object.entries(selector)) assert.equal(labels[key], value, `${app.name}: Service selector ${key}`);
    }
  });

  test('services are probed on /api/<name>/readyz (readiness) and /api/<name>/healthz (liveness); the worker is not', () => {
    const edgeHealth = stageVariables(dockerfile, 'edge').get('HEALTHCHECK_PATH');
    for (const app of APPS) {
      const container = containerOf(app.name);
      if (app.name === 'worker') {
        assert.equal(container.livenessProbe ?? container.readinessProbe, undefined, 'worker serves no HTTP');
        continue;
      }
      const readiness = app.readyz ?? edgeHealth;
      const liveness = app.healthz ?? edgeHealth;
      assert.equal(container.readinessProbe?.httpGet?.path, readiness, `${app.name}: readinessProbe`);
      assert.equal(container.livenessProbe?.httpGet?.path, liveness, `${app.name}: livenessProbe`);
      for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe]) {
        if (probe) assert.equal(probe.httpGet?.port, 'http', `${app.name}: probes use the named http port`);
      }
    }
  });

  test('every ConfigMap and Secret reference resolves (optional ones aside), under the variable\'s own name', () => {
    assert.ok(configMap?.data, 'ConfigMap lectern-config');
    assert.ok(exampleSecret?.stringData, 'secret.example.yaml');
    for (const app of APPS) {
      for (const variable of containerOf(app.name).env ?? []) {
        const configRef = variable.valueFrom?.configMapKeyRef;
        const secretRef = variable.valueFrom?.secretKeyRef;
        if (configRef) {
          assert.equal(configRef.name, 'lectern-config');
          assert.equal(configRef.key, variable.name);
          if (!configRef.optional) assert.ok(configRef.key in configMap.data, `${app.name}: ConfigMap has no ${configRef.key}`);
        } else if (secretRef) {
          assert.equal(secretRef.name, 'lectern-secrets');
          assert.equal(secretRef.key, variable.name);
          assert.ok(secretRef.key in exampleSecret.stringData, `${app.name}: secret.example.yaml has no ${secretRef.key}`);
        } else {
          assert.ok(variable.value !== undefined, `${app.name}: ${variable.name} has neither value nor reference`);
        }
      }
    }
  });

  test('secrets live in the Secret, not in the ConfigMap', () => {
    for (const key of Object.keys(configMap?.data ?? {})) assert.doesNotMatch(key, /SECRET|PASSWORD|TOKEN|API_KEY|DATABASE_URL|SMTP_URL|ACCESS_KEY/, `ConfigMap holds ${key}`);
  });

  test('the edge proxies to each service by its Service name and port; the JWKS URL names identity', () => {
    const edge = new Map((containerOf('edge').env ?? []).map((variable) => [variable.name, variable.value]));
    for (const name of SERVICE_NAMES) {
      assert.ok(serviceNamed(name), `Service ${name}`);
      assert.equal(edge.get(`${name.toUpperCase()}_URL`), `http://${name}:${ports.get(`services/${name}`)}`);
    }
    assert.match(configMap?.data?.IDENTITY_JWKS_URL ?? '', new RegExp(`^http://identity(\\.[a-z.-]+)?:${ports.get('services/identity')}/api/identity/\\.well-known/jwks\\.json$`));
  });

  const fallback = new Set([...architectureVariables(), ...SERVICE_NAMES.map((name) => `${name.toUpperCase()}_URL`)]);
  const compose = loadCompose();
  for (const app of APPS) {
    test(`${app.name}: sets the same variables as compose, all documented, every required one`, () => {
      const names = new Set((containerOf(app.name).env ?? []).map((variable) => variable.name));
      const composeService = compose.services[app.name];
      assert.ok(composeService, `compose has no ${app.name}`);
      assert.deepEqual([...names].sort(), [...environmentOf(composeService).keys()].sort(), `${app.name}: k8s and compose set different variables`);
      const example = readEnvExample(app.folder);
      if (!example) {
        console.info(`${app.folder}/.env.example does not exist yet: checked against the variable names of ARCHITECTURE.md instead`);
        assert.deepEqual([...names].filter((name) => !fallback.has(name)), []);
        return;
      }
      const undocumented = [...names].filter((name) => !example.documented.has(name) && !configReads(app.name).has(name));
      assert.deepEqual(undocumented, [], `sets variables ${example.path} does not document`);
      const target = app.name === 'worker' || app.name === 'edge' ? app.name : 'service';
      const imageEnv = stageVariables(dockerfile, target, target === 'service' ? { SERVICE: app.name } : {});
      const storageDriver = (containerOf(app.name).env ?? []).find((variable) => variable.name === 'STORAGE_DRIVER');
      const resolved = new Map([['STORAGE_DRIVER', storageDriver?.value ?? configMap?.data?.[storageDriver?.valueFrom?.configMapKeyRef?.key ?? ''] ?? '']]);
      const missing = [...example.required].filter((name) => !names.has(name) && !imageEnv.get(name) && !inapplicable(name, resolved, app.name));
      assert.deepEqual(missing, [], `leaves required variables of ${example.path} unset`);
    });
  }
});

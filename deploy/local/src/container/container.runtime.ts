import fs from 'node:fs';
import path from 'node:path';
import { GenericContainer, type StartedTestContainer } from 'testcontainers';
import type { ComponentName, Infra, InfraEndpoints } from '../types.ts';
import type { ComponentContext, PortClaim, ProcessComponent } from '../components/component.ts';
import { clusterId, kafkaAnswers } from '../components/kafka.ts';
import { temporalNamespace } from '../components/temporal.ts';
import { stripeMockKey } from '../components/stripe.ts';
import { s3Credentials } from '../components/s3.ts';
import { assembleInfra, type ProcessInfraOptions } from '../process.runtime.ts';
import { httpStatus } from '../support/http.ts';
import { waitUntil, seconds } from '../support/wait.ts';
import pg from 'pg';

// The same parts as containers (testcontainers), for machines with a Docker or Podman engine.
// Host ports are bound explicitly (the profile's fixed ports, or free ones for 'test') so that a
// restarted container keeps its address, and data lives in bind-mounted host directories so a
// container removed by stopComponent comes back with it.

export const images = {
  postgres: 'postgres:17-alpine',
  kafka: 'apache/kafka:4.1.1',
  temporal: 'temporalio/temporal:1.5.1',
  mail: 'maildev/maildev:3.0.0',
  stripe: 'stripe/stripe-mock:v0.197.0',
  s3: 'versity/versitygw:v1.7.0',
} satisfies Record<ComponentName, string>;

interface ContainerSpec {
  name: ComponentName;
  ports: PortClaim[];
  container: () => GenericContainer;
  probe: (container: StartedTestContainer) => Promise<boolean>;
  endpoints: Partial<InfraEndpoints>;
}

function containerComponent(ctx: ComponentContext, spec: ContainerSpec): ProcessComponent {
  let started: StartedTestContainer | undefined;
  return {
    name: spec.name,
    ports: spec.ports,
    async prepare() {
      fs.mkdirSync(ctx.dataDir, { recursive: true });
      // Images run as their own users (kafka: appuser), so the bind mounts must be writable by them.
      fs.chmodSync(ctx.dataDir, 0o777);
    },
    async start() {
      const since = Date.now();
      started = await spec.container().withStartupTimeout(180_000).start();
      const running = started;
      await waitUntil(spec.name, () => spec.probe(running), { timeoutMs: 90_000, intervalMs: 400 });
      ctx.log(`${spec.name} container ready in ${seconds(since)}`);
    },
    async stop() {
      await started?.stop({ timeout: 15_000 });
      started = undefined;
    },
    endpoints: () => spec.endpoints,
  };
}

const bind = (port: number, host: number) => ({ container: port, host });

function kafkaClusterId(dataDir: string): string {
  const file = path.join(dataDir, 'cluster-id');
  if (!fs.existsSync(file)) fs.writeFileSync(file, clusterId());
  return fs.readFileSync(file, 'utf8').trim();
}

export function buildContainer(name: ComponentName, ctx: ComponentContext, ports: number[]): ProcessComponent {
  const p = (i: number) => ports[i] as number;
  const data = (sub: string) => {
    const dir = path.join(ctx.dataDir, sub);
    fs.mkdirSync(dir, { recursive: true, mode: 0o777 });
    return dir;
  };
  switch (name) {
    case 'postgres': {
      const url = `postgres://lectern:lectern@127.0.0.1:${p(0)}/lectern`;
      return containerComponent(ctx, {
        name,
        ports: [{ port: p(0) }],
        container: () =>
          new GenericContainer(images.postgres)
            .withEnvironment({ POSTGRES_USER: 'lectern', POSTGRES_PASSWORD: 'lectern', POSTGRES_DB: 'lectern', PGDATA: '/var/lib/postgresql/data/pgdata' })
            .withCommand(['postgres', '-c', 'max_connections=300', ...(ctx.profile === 'test' ? ['-c', 'fsync=off'] : [])])
            .withExposedPorts(bind(5432, p(0)))
            .withBindMounts([{ source: data('pg'), target: '/var/lib/postgresql/data' }]),
        probe: async () => {
          const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
          client.on('error', () => undefined);
          await client.connect();
          try {
            return (await client.query('select 1')).rowCount === 1;
          } finally {
            await client.end();
          }
        },
        endpoints: { databaseUrl: url },
      });
    }
    case 'kafka':
      return containerComponent(ctx, {
        name,
        ports: [{ port: p(0) }],
        container: () =>
          new GenericContainer(images.kafka)
            .withEnvironment({
              CLUSTER_ID: kafkaClusterId(ctx.dataDir),
              KAFKA_NODE_ID: '1',
              KAFKA_PROCESS_ROLES: 'broker,controller',
              KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
              KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://127.0.0.1:${p(0)}`,
              KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
              KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
              KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
              KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
              KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS: '10',
              KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
              KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
              KAFKA_SHARE_COORDINATOR_STATE_TOPIC_REPLICATION_FACTOR: '1',
              KAFKA_SHARE_COORDINATOR_STATE_TOPIC_MIN_ISR: '1',
              KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
              KAFKA_LOG_DIRS: '/var/lib/kafka/data',
            })
            .withExposedPorts(bind(9092, p(0)))
            .withBindMounts([{ source: data('logs'), target: '/var/lib/kafka/data' }]),
        probe: () => kafkaAnswers([`127.0.0.1:${p(0)}`]),
        endpoints: { kafkaBrokers: [`127.0.0.1:${p(0)}`] },
      });
    case 'temporal':
      return containerComponent(ctx, {
        name,
        ports: [{ port: p(0) }, { port: p(1), role: 'web UI' }],
        container: () =>
          new GenericContainer(images.temporal)
            .withCommand(['server', 'start-dev', '--ip', '0.0.0.0', '--db-filename', '/data/temporal.db', '--namespace', temporalNamespace])
            .withExposedPorts(bind(7233, p(0)), bind(8233, p(1)))
            .withBindMounts([{ source: data('db'), target: '/data' }]),
        // The image's own CLI makes the gRPC health call from inside the container.
        probe: async (container) => {
          const result = await container.exec(['temporal', 'operator', 'cluster', 'health', '--address', '127.0.0.1:7233']);
          return result.exitCode === 0 && result.output.includes('SERVING');
        },
        endpoints: { temporalAddress: `127.0.0.1:${p(0)}`, temporalNamespace, temporalUiUrl: `http://localhost:${p(1)}` },
      });
    case 'mail':
      return containerComponent(ctx, {
        name,
        ports: [{ port: p(0), role: 'SMTP' }, { port: p(1), role: 'HTTP' }],
        container: () =>
          new GenericContainer(images.mail)
            .withEnvironment({ MAILDEV_SMTP_PORT: '1025', MAILDEV_WEB_PORT: '1080', MAILDEV_MAIL_DIRECTORY: '/mail' })
            .withExposedPorts(bind(1025, p(0)), bind(1080, p(1)))
            .withBindMounts([{ source: data('messages'), target: '/mail' }]),
        probe: async () => (await httpStatus(`http://127.0.0.1:${p(1)}/api/healthz`)) === 200,
        endpoints: { smtpUrl: `smtp://127.0.0.1:${p(0)}`, mailApiUrl: `http://127.0.0.1:${p(1)}` },
      });
    case 'stripe':
      return containerComponent(ctx, {
        name,
        ports: [{ port: p(0) }],
        container: () => new GenericContainer(images.stripe).withExposedPorts(bind(12111, p(0))),
        probe: async () => (await httpStatus(`http://127.0.0.1:${p(0)}/v1/customers`, { Authorization: `Bearer ${stripeMockKey}` })) === 200,
        endpoints: { stripeApiBase: `http://127.0.0.1:${p(0)}`, stripeSecretKey: stripeMockKey },
      });
    case 's3':
      return containerComponent(ctx, {
        name,
        ports: [{ port: p(0) }],
        container: () =>
          new GenericContainer(images.s3)
            .withEnvironment({ ROOT_ACCESS_KEY: s3Credentials.accessKeyId, ROOT_SECRET_KEY: s3Credentials.secretAccessKey, VGW_REGION: s3Credentials.region })
            .withCommand(['--port', ':7070', 'posix', '--sidecar', '/meta', '/buckets'])
            .withExposedPorts(bind(7070, p(0)))
            .withBindMounts([
              { source: data('buckets'), target: '/buckets' },
              { source: data('meta'), target: '/meta' },
            ]),
        probe: async () => (await httpStatus(`http://127.0.0.1:${p(0)}/`)) === 403,
        endpoints: { s3: { endpoint: `http://127.0.0.1:${p(0)}`, ...s3Credentials } },
      });
  }
}

export function startContainerInfra(options: ProcessInfraOptions): Promise<Infra> {
  return assembleInfra(options, buildContainer, 'container');
}

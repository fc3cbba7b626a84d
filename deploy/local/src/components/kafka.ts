import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import '../support/kafkajs.idle-queue.ts';
import { ensureKafkaJars, requireCommand } from '../support/provision.ts';
import { ManagedProcess, stopOrphan } from '../support/supervisor.ts';
import { runLogged } from '../support/provision.ts';
import { waitUntil, seconds } from '../support/wait.ts';
import type { ComponentContext, ProcessComponent } from './component.ts';

// Apache Kafka 4 (KRaft, one node acting as broker and controller) run from the Maven Central
// jars. The voter set is static (controller.quorum.voters), so the storage is formatted once and
// the ports may change between runs.

const log4j2 = `status = warn
appender.stdout.type = Console
appender.stdout.name = STDOUT
appender.stdout.layout.type = PatternLayout
appender.stdout.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = INFO
rootLogger.appenderRef.stdout.ref = STDOUT
logger.request.name = kafka.request.logger
logger.request.level = WARN
logger.cleaner.name = kafka.log.LogCleaner
logger.cleaner.level = WARN
logger.state.name = state.change.logger
logger.state.level = WARN
logger.storage.name = org.apache.kafka.storage
logger.storage.level = WARN
logger.unified.name = kafka.log.UnifiedLog
logger.unified.level = WARN
logger.logmanager.name = kafka.log.LogManager
logger.logmanager.level = WARN
`;

function serverProperties(logDirs: string, port: number, controllerPort: number): string {
  return `# written by deploy/local/src/components/kafka.ts on every start
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:${controllerPort}
listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}
advertised.listeners=PLAINTEXT://127.0.0.1:${port}
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
log.dirs=${logDirs}
num.partitions=1
auto.create.topics.enable=true
offsets.topic.replication.factor=1
offsets.topic.num.partitions=10
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
log.retention.hours=168
`;
}

/** A Kafka cluster id: 16 random bytes, base64url without padding, not starting with '-' (as Kafka's own). */
export function clusterId(): string {
  for (;;) {
    const id = crypto.randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}

export const kafkaHealthTopic = 'lectern.healthcheck';

export async function kafkaAnswers(brokers: string[]): Promise<boolean> {
  const admin = new Kafka({ clientId: 'lectern-health', brokers, logLevel: logLevel.NOTHING, retry: { retries: 0 }, connectionTimeout: 1000 }).admin();
  await admin.connect();
  try {
    const topics = await admin.listTopics();
    if (!topics.includes(kafkaHealthTopic)) {
      await admin.createTopics({ topics: [{ topic: kafkaHealthTopic, numPartitions: 1 }], waitForLeaders: true });
    }
    const metadata = await admin.fetchTopicMetadata({ topics: [kafkaHealthTopic] });
    return metadata.topics[0]?.partitions[0]?.leader === 1;
  } finally {
    await admin.disconnect();
  }
}

export function createKafka(ctx: ComponentContext, port: number, controllerPort: number): ProcessComponent {
  const logDirs = path.join(ctx.dataDir, 'logs');
  const configFile = path.join(ctx.dataDir, 'server.properties');
  const log4jFile = path.join(ctx.dataDir, 'log4j2.properties');
  const pidFile = ctx.pidFile;
  const logFile = path.join(ctx.logDir, 'kafka.log');
  let lib = '';
  let java = '';
  let proc: ManagedProcess | undefined;

  function jvm(mainClass: string, args: string[]): [string, string[]] {
    return [
      java,
      [
        '-Xms256m', '-Xmx1g', '-XX:+UseG1GC', '-XX:MaxGCPauseMillis=20', '-Djava.awt.headless=true',
        `-Dlog4j2.configurationFile=${log4jFile}`, `-Dkafka.logs.dir=${path.join(ctx.dataDir, 'server-logs')}`,
        '-cp', path.join(lib, '*'), mainClass, ...args,
      ],
    ];
  }

  return {
    name: 'kafka',
    ports: [{ port }, { port: controllerPort, role: 'controller' }],
    async prepare() {
      java = requireCommand('java', 'Kafka needs Java 17 or newer (apt-get install openjdk-17-jre-headless)');
      lib = await ensureKafkaJars(ctx.log);
      fs.mkdirSync(ctx.dataDir, { recursive: true });
      fs.writeFileSync(log4jFile, log4j2);
      fs.writeFileSync(configFile, serverProperties(logDirs, port, controllerPort));
      if (fs.existsSync(path.join(logDirs, 'meta.properties'))) return;
      const started = Date.now();
      const [command, args] = jvm('kafka.tools.StorageTool', ['format', `--cluster-id=${clusterId()}`, '-c', configFile, '--ignore-formatted']);
      await runLogged(command, args, { logFile });
      ctx.log(`kafka storage formatted in ${seconds(started)}`);
    },
    async start() {
      const started = Date.now();
      await stopOrphan(pidFile, configFile);
      const [command, args] = jvm('kafka.Kafka', [configFile]);
      proc = new ManagedProcess({ name: 'kafka', command, args, logFile, pidFile });
      const running = proc;
      // The JVM takes 30–60 s to answer on a 2-core machine at load 30 (a fault test restarting its
      // private broker beside the shared one); 150 s before calling it failed.
      await waitUntil('kafka', () => kafkaAnswers([`127.0.0.1:${port}`]), {
        timeoutMs: 150_000,
        intervalMs: 400,
        alive: () => running.exited(),
      });
      ctx.log(`kafka ready on ${port} in ${seconds(started)}`);
    },
    async stop() {
      await proc?.stop(20_000);
      proc = undefined;
    },
    endpoints: () => ({ kafkaBrokers: [`127.0.0.1:${port}`] }),
  };
}

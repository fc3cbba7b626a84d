// The contract between the local infrastructure (process or container backed) and everything that
// uses it: the `npm start` launcher, the test harness and the benchmarks.

export type ComponentName = 'postgres' | 'kafka' | 'temporal' | 'mail' | 'stripe' | 's3';

export interface InfraEndpoints {
  /** postgres://user:pass@host:port/db */
  databaseUrl: string;
  /** host:port list for kafkajs */
  kafkaBrokers: string[];
  /** host:port of the Temporal frontend (gRPC) */
  temporalAddress: string;
  temporalNamespace: string;
  /** Temporal Web UI, when the deployment has one */
  temporalUiUrl?: string;
  /** smtp://host:port */
  smtpUrl: string;
  /** HTTP API (and UI) of the mail catcher, when local */
  mailApiUrl?: string;
  /** Stripe API base (stripe-mock locally; undefined means the real Stripe API) */
  stripeApiBase?: string;
  stripeSecretKey: string;
  /** S3-compatible endpoint (versitygw locally) */
  s3?: { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };
}

export interface Infra {
  /** Which runtime backs the components: local processes, containers, or external (from env). */
  readonly runtime: 'process' | 'container' | 'external';
  readonly endpoints: InfraEndpoints;
  /** The endpoints as the environment variables the services read (DATABASE_URL, KAFKA_BROKERS, …). */
  env(): Record<string, string>;
  /** Stop a component (tests use this to simulate an outage); data is kept. */
  stopComponent(name: ComponentName): Promise<void>;
  /** Start a stopped component again on the same port with the same data. */
  startComponent(name: ComponentName): Promise<void>;
  /** Stop everything this Infra started. Idempotent. */
  stop(): Promise<void>;
}

export interface StartInfraOptions {
  /** 'dev' uses fixed ports and keeps data in `.lectern/`; 'test' uses free ports and a temp dir. */
  profile: 'dev' | 'test';
  /** Components to start; default: all. */
  only?: ComponentName[];
  /** 'auto' uses containers when a container runtime answers, else local processes. */
  runtime?: 'auto' | 'process' | 'container';
  /** Where data lives (default: `.lectern/data` for dev, a temp dir for test). */
  dataDir?: string;
  /** Progress lines for a person ("postgres ready in 2.1 s"). */
  log?: (line: string) => void;
}

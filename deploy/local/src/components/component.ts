import type { ComponentName, InfraEndpoints } from '../types.ts';

export interface ComponentContext {
  profile: 'dev' | 'test';
  /** This component's own data directory (kept between runs for 'dev'). */
  dataDir: string;
  /** Where its process group is written (the reaper and the next start's stopOrphan read it). */
  pidFile: string;
  logDir: string;
  log: (line: string) => void;
}

export interface PortClaim {
  port: number;
  /** What the port is for, when a component has more than one ("controller"). */
  role?: string;
}

/** A piece of local infrastructure run as child processes of the launcher. */
export interface ProcessComponent {
  readonly name: ComponentName;
  /** Every port it listens on, checked before starting. */
  readonly ports: PortClaim[];
  /** Provision binaries and initialise data (idempotent, cached). */
  prepare(): Promise<void>;
  /** Spawn and wait until it answers a real request. */
  start(): Promise<void>;
  /** Stop its whole process group; data is kept. */
  stop(): Promise<void>;
  endpoints(): Partial<InfraEndpoints>;
}

/** The variable that points each component at an existing deployment, and what it is called. */
export const externalSwitch: Record<ComponentName, { envVar: string; what: string }> = {
  postgres: { envVar: 'DATABASE_URL', what: 'PostgreSQL' },
  kafka: { envVar: 'KAFKA_BROKERS', what: 'Kafka' },
  temporal: { envVar: 'TEMPORAL_ADDRESS', what: 'Temporal server' },
  mail: { envVar: 'SMTP_URL', what: 'SMTP server' },
  stripe: { envVar: 'STRIPE_API_BASE', what: 'Stripe API (mock)' },
  s3: { envVar: 'S3_ENDPOINT', what: 'S3 endpoint' },
};

export const componentOrder: ComponentName[] = ['postgres', 'kafka', 'temporal', 'mail', 'stripe', 's3'];

/** Fixed ports of profile 'dev' (ARCHITECTURE.md). */
export const devPorts = {
  postgres: [5544],
  kafka: [9092, 9093],
  temporal: [7233, 8233],
  mail: [1025, 8025],
  stripe: [12111, 12112],
  s3: [7070],
} satisfies Record<ComponentName, number[]>;

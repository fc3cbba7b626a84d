export interface WorkerConfig {
  temporalAddress: string;
  temporalNamespace: string;
  /** Pre-built bundle (production); when absent the worker bundles the workflow sources at start. */
  workflowBundlePath: string | null;
}

export function readWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const temporalAddress = env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
  if (!/^[\w.-]+:\d+$/.test(temporalAddress)) {
    throw new Error(`Invalid configuration: TEMPORAL_ADDRESS must be host:port (got "${temporalAddress}")`);
  }
  return {
    temporalAddress,
    temporalNamespace: env.TEMPORAL_NAMESPACE ?? 'default',
    workflowBundlePath: env.WORKFLOW_BUNDLE_PATH ?? null,
  };
}
